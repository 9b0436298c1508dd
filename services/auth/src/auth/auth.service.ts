import {
  type AuthResponse,
  ErrorCode,
  ErrorMessage,
  type LoginRequest,
  type LoginResponse,
  type MeResponse,
  type RegisterRequest,
  type SecondFactor,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { User as UserRow } from '../generated/prisma/client.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { TwoFactorService } from '../two-factor/two-factor.service.js';
import { toUser } from '../users/user.mapper.js';
import { UsersRepository } from '../users/users.repository.js';
import { AuthEventsPublisher } from './auth-events.publisher.js';
import { KnownDevices } from './known-devices.js';
import { LoginThrottle } from './login-throttle.js';
import { SessionsService } from './sessions.service.js';

/** An answer to a sign-in step, and the known-device value to hand the client when it completed one. */
export interface SignInOutcome<Answer> {
  answer: Answer;
  knownDevice?: string;
}

/** Account creation, sign-in and "who am I". */
@Injectable()
export class AuthService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(AuthEventsPublisher) private readonly events: AuthEventsPublisher,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(KnownDevices) private readonly knownDevices: KnownDevices,
  ) {}

  async register(request: RegisterRequest): Promise<AuthResponse> {
    const row = await this.users.createUnlessEmailTaken({
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      passwordHash: await this.passwords.hash(request.password),
    });
    if (!row) throw new AppError(ErrorCode.EMAIL_TAKEN, ErrorMessage.EMAIL_TAKEN);
    const user = toUser(row);
    this.events.userRegistered({ user });
    return { user, tokens: await this.sessions.start(row) };
  }

  /**
   * Unknown email and wrong password answer alike, and cost one lookup and one argon2
   * verification each. Failed attempts in a row make the next one wait (LoginThrottle), on the
   * account's count, or on the client's own when `knownDevice` shows it signed in here before.
   * With two-factor sign-in on, the right password earns a challenge for the code step, not tokens.
   */
  async login(request: LoginRequest, knownDevice: string | undefined): Promise<SignInOutcome<LoginResponse>> {
    const row = await this.users.findByEmail(request.email);
    const attempt = this.throttle.begin({
      email: request.email,
      userId: row?.id,
      knownDevice: this.knownDevices.verify(knownDevice, row?.id),
    });
    const passwordMatches = row
      ? await this.passwords.verify(row.passwordHash, request.password)
      : await this.passwords.verifyAgainstDummy(request.password);
    if (!row || !passwordMatches) throw new AppError(ErrorCode.INVALID_CREDENTIALS, ErrorMessage.INVALID_CREDENTIALS);
    this.throttle.succeeded(attempt);
    if (await this.twoFactor.isEnabled(row.id)) return { answer: await this.twoFactor.startChallenge(row.id) };
    return this.signedIn(row);
  }

  /** The code step of a sign-in with two-factor sign-in on. */
  async completeTwoFactorLogin(challenge: string, factor: SecondFactor): Promise<SignInOutcome<AuthResponse>> {
    const userId = await this.twoFactor.redeemChallenge(challenge, factor);
    const row = await this.users.findById(userId);
    if (!row) throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    return this.signedIn(row);
  }

  private async signedIn(row: UserRow): Promise<SignInOutcome<AuthResponse>> {
    return {
      answer: { user: toUser(row), tokens: await this.sessions.start(row) },
      knownDevice: this.knownDevices.issue(row.id),
    };
  }

  /** A valid token whose user no longer exists is as good as no token. */
  async me(userId: string): Promise<MeResponse> {
    const row = await this.users.findById(userId);
    if (!row) throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    return { user: toUser(row), twoFactor: await this.twoFactor.status(userId) };
  }
}
