import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits), base64url: what the client holds. */
export const newToken = (): string => randomBytes(32).toString('base64url');
/** Only this digest is stored, so a leaked database holds no usable token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
