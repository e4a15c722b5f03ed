// npm run uploads:copy: copies DATA_DIR/uploads and DATA_DIR/private into the S3 bucket named by
// S3_BUCKET (and S3_ENDPOINT, S3_REGION, keys), under the same keys. Safe to run again.
import { loadConfig } from '../src/server/config';
import { closeS3Client, s3ClientFor } from '../src/server/media/s3-storage';
import { copyUploads } from '../src/server/media/uploads-copy';

async function main() {
  const config = loadConfig();
  if (!config.s3) {
    console.error('S3_BUCKET is not set: nothing to copy to (see "Files on S3" in README.md).');
    process.exit(2);
  }
  console.log(
    `Copying ${config.dataDir}/uploads and ${config.dataDir}/private to bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`,
  );
  try {
    await copyUploads({ dataDir: config.dataDir, client: s3ClientFor(config.s3), bucket: config.s3.bucket, log: (line) => console.log(line) });
  } finally {
    closeS3Client(config.s3);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
