import { createHash, randomBytes } from 'node:crypto';

/** 256 bits: refresh and password-reset tokens cannot be guessed. */
export const OPAQUE_TOKEN_BYTES = 32;

/** A fresh random token, URL-safe (it travels in reset links). */
export function generateOpaqueToken(): string {
  return randomBytes(OPAQUE_TOKEN_BYTES).toString('base64url');
}

/** What the database keeps instead of the token: a leaked table cannot be replayed. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token and its stored hash, created together. */
export function newOpaqueToken(): { token: string; tokenHash: string } {
  const token = generateOpaqueToken();
  return { token, tokenHash: hashOpaqueToken(token) };
}
