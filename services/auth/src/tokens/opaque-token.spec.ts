import { createHash } from 'node:crypto';
import { generateOpaqueToken, hashOpaqueToken, newOpaqueToken, OPAQUE_TOKEN_BYTES } from './opaque-token.js';

describe('opaque tokens', () => {
  it('carry 256 random bits, URL-safe', () => {
    const token = generateOpaqueToken();
    expect(OPAQUE_TOKEN_BYTES * 8).toBe(256);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('never repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateOpaqueToken));
    expect(tokens.size).toBe(1000);
  });

  it('are stored as their SHA-256, never in clear', () => {
    const { token, tokenHash } = newOpaqueToken();
    expect(tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash).not.toContain(token);
    expect(hashOpaqueToken(token)).toBe(tokenHash);
    expect(hashOpaqueToken(`${token}x`)).not.toBe(tokenHash);
  });
});
