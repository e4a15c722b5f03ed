import { hash, verify } from '@node-rs/argon2';
import { Semaphore } from '../lib/semaphore';

// argon2id at the OWASP minimum (19 MiB, 2 passes, 1 lane).
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Argon2 runs on libuv's thread pool (4 threads), which static files and DNS also need: a burst
// of logins must not take every thread. PASSWORD_HASH_CONCURRENCY sets the bound (default 1).
const hashing = new Semaphore(1);

export function configurePasswordHashing(concurrency: number): void {
  hashing.setLimit(concurrency);
}

/** Hashes running and waiting (tests). */
export const passwordHashingLoad = () => hashing.load;

export const hashPassword = (password: string): Promise<string> => hashing.run(() => hash(password, OPTIONS));

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await hashing.run(() => verify(stored, password));
  } catch {
    return false;
  }
}

// Verified against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  return dummyHash;
}
