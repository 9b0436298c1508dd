import {
  ErrorCode,
  ErrorMessage,
  type SecondFactor,
  StepUpMessage,
  StepUpMethod,
  type StepUpResponse,
  TwoFactorMessage,
} from '@kith/contracts';
import { type AccessTokenClaims, AppError, type StepUpInBodyCheck } from '@kith/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { LoginThrottle } from '../auth/login-throttle.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { AccessTokenIssuer } from '../tokens/access-token.issuer.js';
import { secondFactorOf, TwoFactorService } from '../two-factor/two-factor.service.js';
import { UsersRepository } from '../users/users.repository.js';

/** The proof fields a guarded request's body may carry; the route's own schema checks the rest. */
const inBodyProof = z.object({
  currentPassword: z.unknown().optional(),
  code: z.unknown().optional(),
  recoveryCode: z.unknown().optional(),
});

const field = (name: string, message: string) => AppError.validation([{ field: name, message }]);

/**
 * Step-up: proof beyond the bearer token, made with the password again and, when two-factor
 * sign-in is on, a code or a recovery code. Wrong passwords count on the account's sign-in
 * backoff, wrong codes on its two-factor limit, so a stolen token does not open a way to guess.
 * Other proofs (a passkey) can be added as further methods of the grant.
 */
@Injectable()
export class StepUpService implements StepUpInBodyCheck {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(AccessTokenIssuer) private readonly tokens: AccessTokenIssuer,
  ) {}

  /**
   * Checks the password and, with two-factor sign-in on, the second factor; the methods that
   * proved it. 401 INVALID_CREDENTIALS, TWO_FACTOR_REQUIRED or INVALID_TWO_FACTOR_CODE otherwise.
   */
  async prove(userId: string, password: string, factor: SecondFactor | null): Promise<StepUpMethod[]> {
    const user = await this.users.findById(userId);
    if (!user) throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    const attempt = await this.throttle.begin({ email: user.email, userId, knownDevice: undefined });
    if (!(await this.passwords.verify(user.passwordHash, password))) {
      throw new AppError(ErrorCode.INVALID_CREDENTIALS, StepUpMessage.WRONG_PASSWORD);
    }
    await this.throttle.succeeded(attempt);
    if (!(await this.twoFactor.isEnabled(userId))) return [StepUpMethod.PASSWORD];
    if (!factor) throw new AppError(ErrorCode.TWO_FACTOR_REQUIRED, TwoFactorMessage.CODE_REQUIRED);
    await this.twoFactor.verify(userId, factor);
    return [StepUpMethod.PASSWORD, factor.code !== undefined ? StepUpMethod.ONE_TIME_CODE : StepUpMethod.RECOVERY_CODE];
  }

  /** `POST /auth/step-up`: a grant for this user and session, for a few minutes. */
  async grant(caller: AccessTokenClaims, password: string, factor: SecondFactor | null): Promise<StepUpResponse> {
    return this.grantFor(caller, await this.prove(caller.userId, password, factor));
  }

  /** A grant for proof checked elsewhere (a passkey). */
  async grantFor(caller: AccessTokenClaims, methods: StepUpMethod[]): Promise<StepUpResponse> {
    const { token, expiresAt } = await this.tokens.issueStepUp({
      userId: caller.userId,
      sessionId: caller.sessionId,
      methods,
    });
    return { stepUpToken: token, expiresAt: expiresAt.toISOString() };
  }

  /** The guard's other way: `currentPassword` (with `code` or `recoveryCode`) in the request's body. */
  async proveInBody(caller: AccessTokenClaims, body: unknown): Promise<boolean> {
    const parsed = inBodyProof.safeParse(body ?? {});
    if (!parsed.success || parsed.data.currentPassword === undefined) return false;
    const { currentPassword, code, recoveryCode } = parsed.data;
    if (typeof currentPassword !== 'string' || currentPassword === '')
      throw field('currentPassword', 'currentPassword is required');
    if (code !== undefined && typeof code !== 'string') throw field('code', TwoFactorMessage.CODE_FORMAT);
    if (recoveryCode !== undefined && typeof recoveryCode !== 'string')
      throw field('recoveryCode', TwoFactorMessage.RECOVERY_CODE_REQUIRED);
    if (code !== undefined && recoveryCode !== undefined) throw field('recoveryCode', TwoFactorMessage.ONE_FACTOR);
    await this.prove(
      caller.userId,
      currentPassword,
      secondFactorOf({
        code: typeof code === 'string' ? code.replace(/\s+/g, '') : undefined,
        recoveryCode: typeof recoveryCode === 'string' ? recoveryCode : undefined,
      }),
    );
    return true;
  }
}
