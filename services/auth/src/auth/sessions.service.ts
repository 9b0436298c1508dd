import { randomUUID } from 'node:crypto';
import { type AuthTokens, ErrorMessage, MS_PER_DAY, REFRESH_TOKEN_TTL_DAYS } from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AccessTokenIssuer, type AccessTokenSubject } from '../tokens/access-token.issuer.js';
import { hashOpaqueToken, newOpaqueToken } from '../tokens/opaque-token.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

const refreshExpiry = (now: Date) => new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * MS_PER_DAY);

/**
 * A session is a family of refresh tokens started by a login; each refresh swaps the token for
 * a new one in the same family, so a stolen token that is used after its owner's refresh shows up
 * as reuse and ends the family.
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);

  constructor(
    @Inject(AccessTokenIssuer) private readonly accessTokens: AccessTokenIssuer,
    @Inject(RefreshTokensRepository) private readonly refreshTokens: RefreshTokensRepository,
  ) {}

  /** Starts a new session (new family) for the user. */
  async start(user: AccessTokenSubject): Promise<AuthTokens> {
    const refresh = newOpaqueToken();
    await this.refreshTokens.create({
      userId: user.id,
      familyId: randomUUID(),
      tokenHash: refresh.tokenHash,
      expiresAt: refreshExpiry(new Date()),
    });
    return { accessToken: await this.accessTokens.issue(user), refreshToken: refresh.token };
  }

  async refresh(refreshToken: string): Promise<AuthTokens> {
    const now = new Date();
    const successor = newOpaqueToken();
    const result = await this.refreshTokens.rotate(
      hashOpaqueToken(refreshToken),
      { tokenHash: successor.tokenHash, expiresAt: refreshExpiry(now) },
      now,
    );
    if (result.outcome === 'reused') this.logger.warn('Refresh token reused: its session family was revoked');
    if (result.outcome !== 'rotated') throw AppError.unauthorized(ErrorMessage.INVALID_REFRESH_TOKEN);
    return { accessToken: await this.accessTokens.issue(result.user), refreshToken: successor.token };
  }

  /** Logging out twice, or with an unknown token, is not an error: the session is over either way. */
  async end(refreshToken: string): Promise<void> {
    await this.refreshTokens.revokeFamilyOf(hashOpaqueToken(refreshToken), new Date());
  }
}
