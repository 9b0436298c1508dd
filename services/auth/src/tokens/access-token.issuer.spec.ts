import { generateKeyPairSync } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, JWT_AUDIENCE, JWT_ISSUER, STEP_UP_TTL_SECONDS } from '@kith/contracts';
import { JwtVerifier } from '@kith/nest-kit';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { AccessTokenIssuer } from './access-token.issuer.js';

function ed25519Pair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

describe('AccessTokenIssuer', () => {
  const keys = ed25519Pair();
  const subject = { id: '6f1f0a4e-3a53-4c57-9d2b-2f5b8d0f9a10', email: 'ada@example.com' };

  it('issues EdDSA tokens that the shared JwtVerifier accepts', async () => {
    const sut = await AccessTokenIssuer.fromPem(keys.privateKeyPem);
    const token = await sut.issue(subject);
    await expect(new JwtVerifier(keys.publicKeyPem).verify(token)).resolves.toEqual({
      userId: subject.id,
      email: subject.email,
      isOperator: false,
    });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'EdDSA', typ: 'JWT' });
  });

  it('names the session and the operator in the token', async () => {
    const sut = await AccessTokenIssuer.fromPem(keys.privateKeyPem);
    const token = await sut.issue({ ...subject, sessionId: 'family-1', isOperator: true });
    await expect(new JwtVerifier(keys.publicKeyPem).verify(token)).resolves.toEqual({
      userId: subject.id,
      email: subject.email,
      sessionId: 'family-1',
      isOperator: true,
    });
  });

  it('issues step-up grants that the verifier takes as grants only, never as access tokens', async () => {
    const sut = await AccessTokenIssuer.fromPem(keys.privateKeyPem);
    const verifier = new JwtVerifier(keys.publicKeyPem);
    const now = Date.now();
    const { token, expiresAt } = await sut.issueStepUp(
      { userId: subject.id, sessionId: 'family-1', methods: ['pwd'] },
      now,
    );
    await expect(verifier.verifyStepUp(token)).resolves.toEqual({
      userId: subject.id,
      sessionId: 'family-1',
      methods: ['pwd'],
    });
    expect((expiresAt.getTime() - now) / 1000).toBeGreaterThan(STEP_UP_TTL_SECONDS - 1);
    expect((expiresAt.getTime() - now) / 1000).toBeLessThanOrEqual(STEP_UP_TTL_SECONDS);
    await expect(verifier.verify(token)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(verifier.verifyStepUp(await sut.issue(subject))).rejects.toMatchObject({ code: 'STEP_UP_REQUIRED' });
  });

  it('sets sub, email, iss, aud, a unique jti and a 15-minute lifetime', async () => {
    const sut = await AccessTokenIssuer.fromPem(keys.privateKeyPem);
    const [first, second] = [decodeJwt(await sut.issue(subject)), decodeJwt(await sut.issue(subject))];
    expect(first).toMatchObject({ sub: subject.id, email: subject.email, iss: JWT_ISSUER, aud: JWT_AUDIENCE });
    expect(first.exp! - first.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(15 * 60);
    expect(first.jti).not.toBe(second.jti);
  });

  it('refuses to start with a private key that does not match the public key', async () => {
    const sut = await AccessTokenIssuer.fromPem(keys.privateKeyPem);
    await expect(sut.assertVerifiableBy(new JwtVerifier(keys.publicKeyPem))).resolves.toBeUndefined();
    await expect(sut.assertVerifiableBy(new JwtVerifier(ed25519Pair().publicKeyPem))).rejects.toThrow(
      'JWT_PRIVATE_KEY does not match JWT_PUBLIC_KEY',
    );
  });

  it('rejects a key that is not an Ed25519 PKCS8 key', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    await expect(AccessTokenIssuer.fromPem(rsa)).rejects.toThrow();
  });
});
