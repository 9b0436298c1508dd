import { generateKeyPairSync } from 'node:crypto';
import { jest } from '@jest/globals';
import { JWT_AUDIENCE, JWT_ISSUER } from '@kith/contracts';
import { importPKCS8, SignJWT, UnsecuredJWT } from 'jose';
import { JwtVerifier } from './jwt-verifier.js';

const pair = () =>
  generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });

describe('JwtVerifier', () => {
  const keys = pair();
  const sut = new JwtVerifier(keys.publicKey);

  const sign = async (options: { audience?: string; issuer?: string; expiresAt?: number; privateKey?: string } = {}) =>
    new SignJWT({ email: 'ann@example.test' })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject('user-1')
      .setIssuer(options.issuer ?? JWT_ISSUER)
      .setAudience(options.audience ?? JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.expiresAt ?? Math.floor(Date.now() / 1000) + 60)
      .sign(await importPKCS8(options.privateKey ?? keys.privateKey, 'EdDSA'));

  it('accepts a token signed with the key pair and returns its claims', async () => {
    await expect(sut.verify(await sign())).resolves.toEqual({
      userId: 'user-1',
      email: 'ann@example.test',
      isOperator: false,
    });
  });

  it.each([
    [
      'an unsigned alg:none token',
      async () =>
        new UnsecuredJWT({ sub: 'user-1' })
          .setIssuer(JWT_ISSUER)
          .setAudience(JWT_AUDIENCE)
          .setExpirationTime('1h')
          .encode(),
    ],
    ['a token signed with another key', async () => sign({ privateKey: pair().privateKey })],
    ['a wrong audience', async () => sign({ audience: 'someone-else' })],
    ['a wrong issuer', async () => sign({ issuer: 'evil' })],
    ['an expired token', async () => sign({ expiresAt: Math.floor(Date.now() / 1000) - 10 })],
    ['garbage', async () => 'a.b.c'],
  ])('refuses %s with a 401', async (_label, makeToken) => {
    await expect(sut.verify(await makeToken())).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  });

  it('requires a Bearer authorization header', async () => {
    await expect(sut.verifyAuthorizationHeader(undefined)).rejects.toMatchObject({ status: 401 });
    await expect(sut.verifyAuthorizationHeader(`Basic ${await sign()}`)).rejects.toMatchObject({ status: 401 });
    await expect(sut.verifyAuthorizationHeader(`Bearer ${await sign()}`)).resolves.toMatchObject({ userId: 'user-1' });
  });

  it('refuses a remembered token once its own expiry has passed', async () => {
    const token = await sign({ expiresAt: Math.floor(Date.now() / 1000) + 5 });
    await expect(sut.verify(token)).resolves.toMatchObject({ userId: 'user-1' });
    await expect(sut.verify(token)).resolves.toMatchObject({ userId: 'user-1' });
    jest.useFakeTimers({ now: Date.now() + 10_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      await expect(sut.verify(token)).rejects.toMatchObject({ status: 401 });
    } finally {
      jest.useRealTimers();
    }
  });
});
