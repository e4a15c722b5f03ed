// npm run backup -- <dir>: the database (DATABASE_URL, or DATA_DIR's SQLite file) and every upload
// (the S3 bucket, or DATA_DIR/uploads and DATA_DIR/private) into a new private folder (0700), with
// a manifest; with BACKUP_RECIPIENT, one archive encrypted to that age public key.
// Reads the same environment as the server; safe while it runs.
import { loadConfig } from '../src/server/config';
import { backup } from '../src/server/ops/backup';
import { runOps } from '../src/server/ops/run-ops';

void runOps('backup', (config, { dir }) => backup(config, dir, { log: (line) => console.log(line) }), loadConfig);
