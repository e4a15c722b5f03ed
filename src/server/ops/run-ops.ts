// The command-line side of backup and restore: one folder argument, the server's environment,
// a clear message and exit code 2 for what the person running it must fix, 1 for the rest.
import path from 'node:path';
import type { Config } from '../config';
import { OpsError } from './backup-manifest';

export async function runOps(name: 'backup' | 'restore', work: (config: Config, dir: string) => Promise<unknown>, load: () => Config): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length !== 1 || args[0].startsWith('-')) {
    console.error(`Usage: npm run ${name} -- <folder>${name === 'backup' ? '   (a new or empty folder)' : '   (a folder written by npm run backup)'}`);
    process.exitCode = 2;
    return;
  }
  try {
    await work(load(), path.resolve(args[0]));
  } catch (err) {
    console.error(err instanceof OpsError || (err instanceof Error && err.message.startsWith('Invalid environment')) ? err.message : err);
    process.exitCode = err instanceof OpsError ? 2 : 1;
  }
}
