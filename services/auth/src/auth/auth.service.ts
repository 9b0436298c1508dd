import { randomBytes } from 'node:crypto';
import {
  AccountMessages,
  type AuthResponse,
  ErrorCode,
  ErrorMessage,
  type LoginRequest,
  type LoginResponse,
  type MeResponse,
  type RegisterRequest,
  RegistrationMode,
  PasskeyPurpose,
  type SecondFactor,
  SsoMessage,
  type WebAuthnResponse,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import { EmailVerification } from '../account-basics/email-verification.service.js';
import { InvitationsService } from '../account-basics/invitations.service.js';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';
import type { User as UserRow } from '../generated/prisma/client.js';
import { refuseCommonPassword } from '../passwords/common-passwords.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { SsoIdentitiesRepository } from '../sso/sso-identities.repository.js';
import type { SsoIdentity } from '../sso/sso.service.js';
import { PasskeysService } from '../passkeys/passkeys.service.js';
import { TwoFactorService } from '../two-factor/two-factor.service.js';
import { UserMapper } from '../users/user.mapper.js';
import { type RegistrationDecision, UsersRepository } from '../users/users.repository.js';
import { AuthEventsPublisher } from './auth-events.publisher.js';
import { KnownDevices } from './known-devices.js';
import { LoginThrottle } from './login-throttle.js';
import { SessionsService } from './sessions.service.js';

/** An answer to a sign-in step, and the known-device value to hand the client when it completed one. */
export interface SignInOutcome<Answer> {
  answer: Answer;
  knownDevice?: string;
}

const refused = (message: string) => new AppError(ErrorCode.REGISTRATION_CLOSED, message);

/** Account creation, sign-in and "who am I". */
@Injectable()
export class AuthService {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(UserMapper) private readonly mapper: UserMapper,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(AuthEventsPublisher) private readonly events: AuthEventsPublisher,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(KnownDevices) private readonly knownDevices: KnownDevices,
    @Inject(InvitationsService) private readonly invitations: InvitationsService,
    @Inject(EmailVerification) private readonly verification: EmailVerification,
    @Inject(PasskeysService) private readonly passkeys: PasskeysService,
    @Inject(SsoIdentitiesRepository) private readonly ssoIdentities: SsoIdentitiesRepository,
  ) {}

  /**
   * KITH_REGISTRATION decides who may register: anyone (`open`), those invited by the operator
   * (`invite`: the invitation must be to this address, and proves it), or nobody (`closed`). On
   * an empty instance the first account may always register: it is the operator.
   */
  async register(request: RegisterRequest, userAgent?: string): Promise<AuthResponse> {
    refuseCommonPassword(request.password);
    const invitation = request.invitation ? await this.invitations.findValid(request.invitation, request.email) : null;
    if (request.invitation && !invitation) throw refused(AccountMessages.INVITATION_INVALID);
    const mode = this.config.KITH_REGISTRATION;
    const decide = async (instanceIsEmpty: boolean): Promise<RegistrationDecision> => {
      const proven = invitation || !this.config.REQUIRE_EMAIL_VERIFICATION ? new Date() : null;
      if (instanceIsEmpty) return { allowed: true, firstAccount: true, emailVerifiedAt: proven };
      if (mode === RegistrationMode.OPEN || (mode === RegistrationMode.INVITE && invitation))
        return { allowed: true, firstAccount: false, emailVerifiedAt: proven };
      return { allowed: false };
    };
    const row = await this.users.createIfAllowed(
      {
        firstName: request.firstName,
        lastName: request.lastName,
        email: request.email,
        passwordHash: await this.passwords.hash(request.password),
      },
      decide,
    );
    if (row === 'refused')
      throw refused(
        mode === RegistrationMode.INVITE
          ? AccountMessages.REGISTRATION_INVITE_ONLY
          : AccountMessages.REGISTRATION_CLOSED,
      );
    if (!row) throw new AppError(ErrorCode.EMAIL_TAKEN, ErrorMessage.EMAIL_TAKEN);
    if (invitation) await this.invitations.accept(invitation.id);
    if (!row.emailVerifiedAt) await this.verification.send(row);
    const user = this.mapper.toUser(row);
    this.events.userRegistered({ user });
    return { user, tokens: await this.sessions.start(row, userAgent) };
  }

  /**
   * Unknown email and wrong password answer alike, and cost one lookup, one counted attempt and
   * one argon2 verification each. Failed attempts in a row make the next one wait
   * (LoginThrottle), on the account's count, or on the client's own when `knownDevice` shows it
   * signed in here before. With two-factor sign-in on, the right password earns a challenge for
   * the code step, not tokens.
   */
  async login(
    request: LoginRequest,
    knownDevice: string | undefined,
    userAgent?: string,
  ): Promise<SignInOutcome<LoginResponse>> {
    const row = await this.users.findByEmail(request.email);
    const attempt = await this.throttle.begin({
      email: request.email,
      userId: row?.id,
      knownDevice: this.knownDevices.verify(knownDevice, row?.id),
    });
    const passwordMatches = row
      ? await this.passwords.verify(row.passwordHash, request.password)
      : await this.passwords.verifyAgainstDummy(request.password);
    if (!row || !passwordMatches) throw new AppError(ErrorCode.INVALID_CREDENTIALS, ErrorMessage.INVALID_CREDENTIALS);
    await this.throttle.succeeded(attempt);
    if (await this.twoFactor.isEnabled(row.id)) return { answer: await this.twoFactor.startChallenge(row.id) };
    return this.signedIn(row, userAgent);
  }

  /** The code step of a sign-in with two-factor sign-in on. */
  async completeTwoFactorLogin(
    challenge: string,
    factor: SecondFactor,
    userAgent?: string,
  ): Promise<SignInOutcome<AuthResponse>> {
    const userId = await this.twoFactor.redeemChallenge(challenge, factor);
    const row = await this.users.findById(userId);
    if (!row) throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    return this.signedIn(row, userAgent);
  }

  /** A passkey alone signs in (usernameless): it is something the person has and unlocks. */
  async signInWithPasskey(response: WebAuthnResponse, userAgent?: string): Promise<SignInOutcome<AuthResponse>> {
    const userId = await this.passkeys.verifyAssertion(PasskeyPurpose.SIGN_IN, response, null);
    return this.signedInAs(userId, userAgent);
  }

  /** The code step of a two-factor sign-in, answered with one of the account's passkeys. */
  async completeTwoFactorLoginWithPasskey(
    challenge: string,
    response: WebAuthnResponse,
    userAgent?: string,
  ): Promise<SignInOutcome<AuthResponse>> {
    const userId = await this.twoFactor.redeemChallengeWith(challenge, async (owner) => {
      await this.passkeys.verifyAssertion(PasskeyPurpose.SIGN_IN, response, owner);
    });
    return this.signedInAs(userId, userAgent);
  }

  /**
   * Single sign-on: the account linked to the provider's subject; else, when OIDC_LINK_BY_EMAIL
   * allows and the provider verified the address, the account with that e-mail (linked from now
   * on); else a new account, as KITH_REGISTRATION allows, an invitation to the provider-verified
   * address included (it has no usable password until the
   * person sets one with 'Forgot your password?'). Two-factor sign-in, when on, still asks its code.
   */
  async signInWithSso(identity: SsoIdentity, userAgent?: string): Promise<SignInOutcome<LoginResponse>> {
    let userId = await this.ssoIdentities.userIdOf(identity.issuer, identity.subject);
    if (!userId) userId = await this.accountForNewSsoIdentity(identity);
    if (await this.twoFactor.isEnabled(userId)) return { answer: await this.twoFactor.startChallenge(userId) };
    return this.signedInAs(userId, userAgent);
  }

  private async accountForNewSsoIdentity(identity: SsoIdentity): Promise<string> {
    if (!identity.email) throw new AppError(ErrorCode.BAD_REQUEST, SsoMessage.EMAIL_NOT_VERIFIED);
    const existing = await this.users.findByEmail(identity.email);
    if (existing) {
      if (!this.config.OIDC_LINK_BY_EMAIL) throw new AppError(ErrorCode.EMAIL_TAKEN, SsoMessage.EMAIL_TAKEN);
      if (!identity.emailVerified) throw new AppError(ErrorCode.EMAIL_TAKEN, SsoMessage.EMAIL_NOT_VERIFIED);
      await this.ssoIdentities.link(existing.id, identity.issuer, identity.subject);
      return existing.id;
    }
    const mode = this.config.KITH_REGISTRATION;
    const invitation =
      mode === RegistrationMode.INVITE && identity.emailVerified
        ? await this.invitations.pendingFor(identity.email)
        : null;
    const proven = identity.emailVerified || !this.config.REQUIRE_EMAIL_VERIFICATION ? new Date() : null;
    const row = await this.users.createIfAllowed(
      {
        firstName: identity.firstName,
        lastName: identity.lastName,
        email: identity.email,
        // No password of its own: a random one nobody knows (a reset sets a real one).
        passwordHash: await this.passwords.hash(randomBytes(32).toString('base64url')),
      },
      async (instanceIsEmpty) =>
        instanceIsEmpty || mode === RegistrationMode.OPEN || invitation
          ? { allowed: true, firstAccount: instanceIsEmpty, emailVerifiedAt: proven }
          : { allowed: false },
    );
    if (row === 'refused')
      throw refused(
        mode === RegistrationMode.INVITE
          ? AccountMessages.REGISTRATION_INVITE_ONLY
          : AccountMessages.REGISTRATION_CLOSED,
      );
    if (!row) throw new AppError(ErrorCode.EMAIL_TAKEN, SsoMessage.EMAIL_TAKEN);
    if (invitation) await this.invitations.accept(invitation.id);
    await this.ssoIdentities.link(row.id, identity.issuer, identity.subject);
    if (!row.emailVerifiedAt) await this.verification.send(row);
    this.events.userRegistered({ user: this.mapper.toUser(row) });
    return row.id;
  }

  async signedInAs(userId: string, userAgent?: string): Promise<SignInOutcome<AuthResponse>> {
    const row = await this.users.findById(userId);
    if (!row) throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    return this.signedIn(row, userAgent);
  }

  private async signedIn(row: UserRow, userAgent?: string): Promise<SignInOutcome<AuthResponse>> {
    return {
      answer: { user: this.mapper.toUser(row), tokens: await this.sessions.start(row, userAgent) },
      knownDevice: this.knownDevices.issue(row.id),
    };
  }

  /** A valid token whose user no longer exists is as good as no token. */
  async me(userId: string): Promise<MeResponse> {
    const row = await this.users.findById(userId);
    if (!row) throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    return { user: this.mapper.toUser(row), twoFactor: await this.twoFactor.status(userId) };
  }
}
