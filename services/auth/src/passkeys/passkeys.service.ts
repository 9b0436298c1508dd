import {
  DEMO_USER_ID,
  ErrorCode,
  MAX_PASSKEYS,
  type MessageResponse,
  type Passkey,
  PASSKEY_CHALLENGE_TTL_SECONDS,
  PASSKEY_RP_NAME,
  PasskeyMessage,
  PasskeyPurpose,
  type WebAuthnResponse,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';
import { UsersRepository } from '../users/users.repository.js';
import { PasskeysRepository, type PasskeyRow } from './passkeys.repository.js';

const challengeInvalid = () => new AppError(ErrorCode.BAD_REQUEST, PasskeyMessage.CHALLENGE_INVALID);
const notVerified = (message: string = PasskeyMessage.NOT_VERIFIED) =>
  new AppError(ErrorCode.INVALID_CREDENTIALS, message);

/** The challenge the browser signed, read from clientDataJSON (the library checks it again). */
function challengeOf(response: WebAuthnResponse): string {
  try {
    const clientData = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof clientData.challenge === 'string' && clientData.challenge) return clientData.challenge;
  } catch {
    // answered below
  }
  throw AppError.validation([{ field: 'response.response.clientDataJSON', message: 'is not WebAuthn client data' }]);
}

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): adding one, and proving the person with one
 * (signing in, step-up, the two-factor step). Every ceremony's challenge is stored and used up by
 * the answer, for its purpose only, within PASSKEY_CHALLENGE_TTL_SECONDS; user verification is
 * required, so a passkey is two factors in itself. Bound to APP_URL's origin and host name.
 */
@Injectable()
export class PasskeysService {
  private readonly origin: string;
  private readonly rpID: string;

  constructor(
    @Inject(AUTH_CONFIG) config: AuthConfig,
    @Inject(PasskeysRepository) private readonly passkeys: PasskeysRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {
    const url = new URL(config.APP_URL);
    this.origin = url.origin;
    this.rpID = url.hostname;
  }

  async list(userId: string): Promise<Passkey[]> {
    return (await this.passkeys.listOf(userId)).map(toPasskey);
  }

  async registrationOptions(userId: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
    if (userId === DEMO_USER_ID) throw new AppError(ErrorCode.FORBIDDEN, PasskeyMessage.DEMO_ACCOUNT);
    const user = await this.users.findById(userId);
    if (!user) throw AppError.unauthorized(PasskeyMessage.NOT_VERIFIED);
    const existing = await this.passkeys.listOf(userId);
    if (existing.length >= MAX_PASSKEYS) throw new AppError(ErrorCode.CONFLICT, PasskeyMessage.TOO_MANY);
    const options = await generateRegistrationOptions({
      rpName: PASSKEY_RP_NAME,
      rpID: this.rpID,
      userID: new TextEncoder().encode(userId),
      userName: user.email,
      userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports as AuthenticatorTransport[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    });
    await this.saveChallenge(options.challenge, PasskeyPurpose.REGISTER, userId);
    return options;
  }

  async register(userId: string, name: string, response: WebAuthnResponse): Promise<Passkey> {
    const challenge = await this.takeChallenge(response, PasskeyPurpose.REGISTER);
    if (challenge.userId !== userId) throw challengeInvalid();
    const verification = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.value,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) throw notVerified();
    const { credential, credentialBackedUp } = verification.registrationInfo;
    if ((await this.passkeys.countOf(userId)) >= MAX_PASSKEYS)
      throw new AppError(ErrorCode.CONFLICT, PasskeyMessage.TOO_MANY);
    const row = await this.passkeys.create({
      userId,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      signCount: credential.counter,
      transports: credential.transports ?? [],
      name,
      backedUp: credentialBackedUp,
    });
    if (!row) throw new AppError(ErrorCode.CONFLICT, PasskeyMessage.ALREADY_REGISTERED);
    return toPasskey(row);
  }

  async rename(userId: string, id: string, name: string): Promise<Passkey> {
    const row = await this.passkeys.rename(userId, id, name);
    if (!row) throw AppError.notFound('Passkey');
    return toPasskey(row);
  }

  async remove(userId: string, id: string): Promise<MessageResponse> {
    if (!(await this.passkeys.remove(userId, id))) throw AppError.notFound('Passkey');
    return { message: PasskeyMessage.REMOVED };
  }

  /**
   * Options to prove the person: with `userId` (step-up), only that account's passkeys are
   * offered; without (signing in), the authenticator picks a discoverable one (usernameless).
   */
  async assertionOptions(
    purpose: PasskeyPurpose,
    userId: string | null,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const allow = userId ? await this.passkeys.listOf(userId) : null;
    if (allow && allow.length === 0) throw AppError.notFound('Passkey');
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      userVerification: 'required',
      timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
      allowCredentials: allow?.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports as AuthenticatorTransport[],
      })),
    });
    await this.saveChallenge(options.challenge, purpose, userId);
    return options;
  }

  /**
   * The user an answer to a sign-in or step-up challenge proves. With `expectedUserId`, the
   * passkey must be that account's (and the challenge handed out to it).
   */
  async verifyAssertion(
    purpose: PasskeyPurpose,
    response: WebAuthnResponse,
    expectedUserId: string | null,
  ): Promise<string> {
    const challenge = await this.takeChallenge(response, purpose);
    if (challenge.userId !== null && challenge.userId !== expectedUserId) throw challengeInvalid();
    const passkey = await this.passkeys.findByCredentialId(response.id);
    if (!passkey) throw notVerified(PasskeyMessage.UNKNOWN);
    if (expectedUserId !== null && passkey.userId !== expectedUserId) throw notVerified();
    const verification = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge.value,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: Number(passkey.signCount),
        transports: passkey.transports as AuthenticatorTransport[],
      },
    }).catch(() => null);
    if (!verification?.verified) throw notVerified();
    await this.passkeys.recordUse(passkey.id, verification.authenticationInfo.newCounter, new Date());
    return passkey.userId;
  }

  private async saveChallenge(challenge: string, purpose: PasskeyPurpose, userId: string | null): Promise<void> {
    const expiresAt = new Date(Date.now() + PASSKEY_CHALLENGE_TTL_SECONDS * 1000);
    await this.passkeys.saveChallenge(challenge, purpose, userId, expiresAt);
  }

  private async takeChallenge(
    response: WebAuthnResponse,
    purpose: PasskeyPurpose,
  ): Promise<{ value: string; userId: string | null }> {
    const value = challengeOf(response);
    const taken = await this.passkeys.takeChallenge(value, purpose, new Date());
    if (!taken) throw challengeInvalid();
    return { value, userId: taken.userId };
  }
}
