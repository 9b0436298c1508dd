import { randomUUID } from 'node:crypto';
import {
  AccountMessages,
  type AuthTokens,
  ErrorMessage,
  type MessageResponse,
  MS_PER_DAY,
  REFRESH_TOKEN_TTL_DAYS,
  type Session,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AccessTokenIssuer } from '../tokens/access-token.issuer.js';
import { hashOpaqueToken, newOpaqueToken } from '../tokens/opaque-token.js';
import { UserMapper, type UserRowShape } from '../users/user.mapper.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

const refreshExpiry = (now: Date) => new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * MS_PER_DAY);

/** Longest User-Agent kept for the list of sessions. */
const MAX_USER_AGENT_CHARS = 300;

export type SessionUser = Pick<UserRowShape, 'id' | 'email' | 'firstAccount'>;

/**
 * A session is a family of refresh tokens started by a login; each refresh swaps the token for
 * a new one in the same family, so a stolen token that is used after its owner's refresh shows up
 * as reuse and ends the family. Access tokens name their family (`sid`), which step-up grants are
 * bound to and Settings uses to mark "this session".
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);

  constructor(
    @Inject(AccessTokenIssuer) private readonly accessTokens: AccessTokenIssuer,
    @Inject(RefreshTokensRepository) private readonly refreshTokens: RefreshTokensRepository,
    @Inject(UserMapper) private readonly users: UserMapper,
  ) {}

  /** Starts a new session (new family) for the user. */
  async start(user: SessionUser, userAgent?: string): Promise<AuthTokens> {
    const refresh = newOpaqueToken();
    const familyId = randomUUID();
    await this.refreshTokens.create({
      userId: user.id,
      familyId,
      tokenHash: refresh.tokenHash,
      expiresAt: refreshExpiry(new Date()),
      userAgent: userAgent?.slice(0, MAX_USER_AGENT_CHARS) || null,
    });
    return { accessToken: await this.accessTokenFor(user, familyId), refreshToken: refresh.token };
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
    return {
      accessToken: await this.accessTokenFor(result.user, result.familyId),
      refreshToken: successor.token,
    };
  }

  /**
   * New tokens for a session that goes on (the password just changed): a fresh refresh token in the
   * same family, replacing its live one, so Settings still shows it as this session.
   */
  async continueSession(user: SessionUser, familyId: string): Promise<AuthTokens> {
    const refresh = newOpaqueToken();
    await this.refreshTokens.replaceLive(user.id, familyId, {
      tokenHash: refresh.tokenHash,
      expiresAt: refreshExpiry(new Date()),
    });
    return { accessToken: await this.accessTokenFor(user, familyId), refreshToken: refresh.token };
  }

  /** A fresh access token of the same session (its claims changed: a new e-mail, say). */
  accessTokenFor(user: SessionUser, familyId: string | undefined): Promise<string> {
    return this.accessTokens.issue({
      id: user.id,
      email: user.email,
      sessionId: familyId,
      isOperator: this.users.isOperator(user),
    });
  }

  /** Logging out twice, or with an unknown token, is not an error: the session is over either way. */
  async end(refreshToken: string): Promise<void> {
    await this.refreshTokens.revokeFamilyOf(hashOpaqueToken(refreshToken), new Date());
  }

  async list(userId: string, currentSessionId: string | undefined): Promise<Session[]> {
    const sessions = await this.refreshTokens.liveSessionsOf(userId, new Date());
    return sessions.map((session) => ({
      _id: session.familyId,
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt.toISOString(),
      userAgent: session.userAgent,
      current: session.familyId === currentSessionId,
    }));
  }

  /** Signs one of the user's sessions out; another user's id is a 404. */
  async endOne(userId: string, familyId: string): Promise<MessageResponse> {
    if (!(await this.refreshTokens.revokeFamilyOfUser(userId, familyId, new Date()))) {
      throw AppError.notFound('Session');
    }
    return { message: AccountMessages.SESSION_ENDED };
  }

  /** Every session but `keepSessionId` (the caller's); the number signed out. */
  endAllBut(userId: string, keepSessionId: string | undefined): Promise<number> {
    return this.refreshTokens.revokeAllOfUser(userId, new Date(), undefined, keepSessionId);
  }
}
