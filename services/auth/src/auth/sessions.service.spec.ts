import { generateKeyPairSync } from 'node:crypto';
import { ErrorCode, ErrorMessage, REFRESH_TOKEN_TTL_DAYS } from '@kith/contracts';
import { JwtVerifier } from '@kith/nest-kit';
import { AccessTokenIssuer } from '../tokens/access-token.issuer.js';
import { hashOpaqueToken } from '../tokens/opaque-token.js';
import type { NewRefreshToken, RefreshTokensRepository, RotationOutcome } from './refresh-tokens.repository.js';
import { UserMapper } from '../users/user.mapper.js';
import { SessionsService } from './sessions.service.js';

const user = { id: '6f1f0a4e-3a53-4c57-9d2b-2f5b8d0f9a10', email: 'ada@example.com', firstAccount: false };
const FAMILY = '3c1d5a52-7e0a-4c36-9f55-0d9b1b2f4e11';

/** Records what the service hands to the database and answers rotations with a fixed outcome. */
class RecordingRefreshTokens {
  created: NewRefreshToken[] = [];
  rotations: { presentedHash: string; successorHash: string; expiresAt: Date }[] = [];
  revokedFamiliesOf: string[] = [];
  constructor(private readonly outcome: RotationOutcome) {}
  async create(token: NewRefreshToken) {
    this.created.push(token);
  }
  async rotate(presentedHash: string, successor: { tokenHash: string; expiresAt: Date }) {
    this.rotations.push({ presentedHash, successorHash: successor.tokenHash, expiresAt: successor.expiresAt });
    return this.outcome;
  }
  async revokeFamilyOf(tokenHash: string) {
    this.revokedFamiliesOf.push(tokenHash);
  }
}

async function setup(outcome: RotationOutcome = { outcome: 'rotated', user, familyId: FAMILY }) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const issuer = await AccessTokenIssuer.fromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const verifier = new JwtVerifier(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const refreshTokens = new RecordingRefreshTokens(outcome);
  const sut = new SessionsService(
    issuer,
    refreshTokens as unknown as RefreshTokensRepository,
    new UserMapper({ KITH_OPERATORS: new Set() }),
  );
  return { sut, refreshTokens, verifier };
}

describe('SessionsService', () => {
  it('starts a new family per login and stores only the hash of the refresh token', async () => {
    const { sut, refreshTokens, verifier } = await setup();
    const first = await sut.start(user);
    const second = await sut.start(user);

    expect(refreshTokens.created).toHaveLength(2);
    const [stored] = refreshTokens.created;
    expect(stored!.tokenHash).toBe(hashOpaqueToken(first.refreshToken));
    expect(JSON.stringify(refreshTokens.created)).not.toContain(first.refreshToken);
    expect(refreshTokens.created[0]!.familyId).not.toBe(refreshTokens.created[1]!.familyId);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const days = (stored!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(REFRESH_TOKEN_TTL_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(REFRESH_TOKEN_TTL_DAYS);
    // The access token names its session (step-up grants are bound to it).
    await expect(verifier.verify(first.accessToken)).resolves.toEqual({
      userId: user.id,
      email: user.email,
      sessionId: refreshTokens.created[0]!.familyId,
      isOperator: false,
    });
  });

  it('rotates: looks the presented token up by hash and returns a new pair whose refresh token is the stored successor', async () => {
    const { sut, refreshTokens, verifier } = await setup();
    const tokens = await sut.refresh('presented-token');

    expect(refreshTokens.rotations).toEqual([
      {
        presentedHash: hashOpaqueToken('presented-token'),
        successorHash: hashOpaqueToken(tokens.refreshToken),
        expiresAt: expect.any(Date),
      },
    ]);
    await expect(verifier.verify(tokens.accessToken)).resolves.toEqual({
      userId: user.id,
      email: user.email,
      sessionId: FAMILY,
      isOperator: false,
    });
  });

  it.each<RotationOutcome>([{ outcome: 'reused' }, { outcome: 'invalid' }])(
    'answers 401 when the rotation is $outcome',
    async (outcome) => {
      const { sut } = await setup(outcome);
      await expect(sut.refresh('presented-token')).rejects.toMatchObject({
        code: ErrorCode.UNAUTHORIZED,
        status: 401,
        message: ErrorMessage.INVALID_REFRESH_TOKEN,
      });
    },
  );

  it('logs out by revoking the family of the hashed token', async () => {
    const { sut, refreshTokens } = await setup();
    await sut.end('presented-token');
    expect(refreshTokens.revokedFamiliesOf).toEqual([hashOpaqueToken('presented-token')]);
  });
});
