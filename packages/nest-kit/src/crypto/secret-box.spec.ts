import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { SecretBox, SecretBoxError } from './secret-box.js';

const signingKey = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const owner = '6f1f0a4e-3a53-4c57-9d2b-2f5b8d0f9a10';
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('SecretBox', () => {
  it('seals with a fresh IV each time and opens what it sealed; the secret is not in the stored form', () => {
    const box = SecretBox.forService(randomBytes(32), signingKey());
    const first = box.seal(secret, owner);
    const second = box.seal(secret, owner);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain(secret);
    expect(box.open(first, owner)).toBe(secret);
    expect(box.open(second, owner)).toBe(secret);
  });

  it('does not open a value copied to another user, tampered with, or malformed', () => {
    const box = SecretBox.forService(randomBytes(32), signingKey());
    const sealed = box.seal(secret, owner);
    expect(() => box.open(sealed, '00000000-0000-4000-8000-000000000001')).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[4]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    parts[4] = flipped.toString('base64url');
    expect(() => box.open(parts.join('.'), owner)).toThrow(SecretBoxError);
    expect(() => box.open(secret, owner)).toThrow(SecretBoxError);
    expect(() => box.open('', owner)).toThrow(SecretBoxError);
  });

  it('without TOTP_ENCRYPTION_KEY uses a key derived from the signing key: the same key opens it, another does not', () => {
    const pem = signingKey();
    const sealed = SecretBox.forService(undefined, pem).seal(secret, owner);
    expect(SecretBox.forService(undefined, pem).open(sealed, owner)).toBe(secret);
    expect(() => SecretBox.forService(undefined, signingKey()).open(sealed, owner)).toThrow(SecretBoxError);
  });

  it('once TOTP_ENCRYPTION_KEY is set, seals with it and still opens values sealed with the derived key', () => {
    const pem = signingKey();
    const dedicated = randomBytes(32);
    const before = SecretBox.forService(undefined, pem).seal(secret, owner);
    const box = SecretBox.forService(dedicated, pem);
    const after = box.seal(secret, owner);
    expect(box.open(before, owner)).toBe(secret);
    expect(box.open(after, owner)).toBe(secret);
    expect(after.split('.')[1]).toBe(box.sealingKeyId);
    expect(before.split('.')[1]).not.toBe(box.sealingKeyId);
    expect(box.isSealedWithOlderKey(before)).toBe(true);
    expect(box.isSealedWithOlderKey(after)).toBe(false);
    // The dedicated key alone opens new values even after the signing key changed.
    expect(SecretBox.forService(dedicated, signingKey()).open(after, owner)).toBe(secret);
  });
});
