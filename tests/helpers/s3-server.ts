import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../src/server/config';

// A real S3-compatible server on loopback (s3rver, from npm: docs/decisions/111-files-on-s3-compatible-storage-tested-against-s3rv.md)
// holding its objects in a temporary folder, with one empty bucket. It checks request
// signatures against its fixed key pair, which the settings below carry.

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** Settings for config.s3 (or the S3_* variables) pointing at this server. */
  config: S3Config;
  env: Record<string, string>;
  /** A client of our own to look into the bucket. */
  client: S3Client;
  /** Every key in the bucket, sorted. */
  keys(prefix?: string): Promise<string[]>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'gym-test'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = { bucket, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({
    endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const keys = async (prefix?: string) => {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort();
  };
  return {
    endpoint,
    bucket,
    config,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    client,
    keys,
    async clear() {
      for (const key of await keys()) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
