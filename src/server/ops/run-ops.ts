// The command-line side of backup and restore: one folder argument (and, for an encrypted
// backup's restore, `--identity <file>`), the server's environment, a clear message and exit
// code 2 for what the person running it must fix, 1 for the rest.
import path from 'node:path';
import type { Config } from '../config';
import { OpsError } from './backup-manifest';

export interface OpsArgs {
  dir: string;
  identityFile?: string;
}

/** The command's arguments, or null when they are not what the usage line says. */
export function parseOpsArgs(name: 'backup' | 'restore', argv: string[]): OpsArgs | null {
  const args = argv.filter((a) => a !== '--');
  let identityFile: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (name === 'restore' && (a === '--identity' || a === '-i')) {
      if (identityFile !== undefined || !args[i + 1]) return null;
      identityFile = path.resolve(args[++i]);
    } else if (name === 'restore' && a.startsWith('--identity=')) {
      if (identityFile !== undefined) return null;
      identityFile = path.resolve(a.slice('--identity='.length));
    } else {
      rest.push(a);
    }
  }
  if (rest.length !== 1 || rest[0].startsWith('-')) return null;
  return { dir: path.resolve(rest[0]), ...(identityFile ? { identityFile } : {}) };
}

export async function runOps(name: 'backup' | 'restore', work: (config: Config, args: OpsArgs) => Promise<unknown>, load: () => Config): Promise<void> {
  const args = parseOpsArgs(name, process.argv.slice(2));
  if (!args) {
    console.error(
      name === 'backup'
        ? 'Usage: npm run backup -- <folder>   (a new or empty folder; encrypted when BACKUP_RECIPIENT is set)'
        : 'Usage: npm run restore -- <folder> [--identity <age identity file>]   (a folder written by npm run backup)',
    );
    process.exitCode = 2;
    return;
  }
  try {
    await work(load(), args);
  } catch (err) {
    console.error(err instanceof OpsError || (err instanceof Error && err.message.startsWith('Invalid environment')) ? err.message : err);
    process.exitCode = err instanceof OpsError ? 2 : 1;
  }
}
