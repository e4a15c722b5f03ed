import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { trimChar } from '../../shared/trim-char';
import type { AppContext } from '../context';

// The first start's random admin password, kept in DATA_DIR for its owner only (0600) so it does
// not depend on a console line that scrolls away; removed at the first change of that password.

export const FIRST_ADMIN_FILE = 'admin-password.txt';

export const firstAdminFile = (dataDir: string) => path.join(dataDir, FIRST_ADMIN_FILE);

/** The back office's sign-in page at the public address. */
export const signInUrl = (publicUrl: string) => `${trimChar(publicUrl, '/', 'end')}/admin/login`;

export interface FirstAdmin {
  userId: number;
  email: string;
  /** Set when the password was made at random (no ADMIN_PASSWORD): only then is it shown and kept. */
  password?: string;
}

export async function writeFirstAdminFile(dataDir: string, publicUrl: string, admin: FirstAdmin & { password: string }): Promise<void> {
  const file = firstAdminFile(dataDir);
  const text = [
    '# The first administrator of the back office. This file is deleted when this password is changed.',
    `sign-in:  ${signInUrl(publicUrl)}`,
    `e-mail:   ${admin.email}`,
    `password: ${admin.password}`,
    `user-id:  ${admin.userId}`,
    '',
  ].join('\n');
  // A file left by an earlier database in the same DATA_DIR is replaced; the mode only applies on
  // creation, so it is set again.
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, text, { mode: 0o600 });
  await chmod(file, 0o600);
}

/**
 * After a change of the user's password: the file goes if it holds that user's first password.
 * The change is made by then, so a file that cannot be removed is logged, not refused.
 */
export async function forgetFirstAdminPassword(ctx: AppContext, userId: number): Promise<void> {
  const file = firstAdminFile(ctx.config.dataDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return; // no file: nothing to forget
  }
  if (/^user-id:\s*(\d+)\s*$/m.exec(text)?.[1] !== String(userId)) return;
  await rm(file, { force: true }).catch((err: unknown) => ctx.log.error({ err, file }, 'could not delete the first admin password file'));
}
