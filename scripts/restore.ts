// npm run restore -- <dir> [--identity <file>]: a folder written by `npm run backup` into an
// empty database and an empty store, with the server's environment (DATABASE_URL or DATA_DIR,
// S3_*). An encrypted backup needs its age identity file. Checks every checksum first; refuses a
// target that already holds data.
import { loadConfig } from '../src/server/config';
import { restore } from '../src/server/ops/restore';
import { runOps } from '../src/server/ops/run-ops';

void runOps('restore', (config, { dir, identityFile }) => restore(config, dir, { identityFile, log: (line) => console.log(line) }), loadConfig);
