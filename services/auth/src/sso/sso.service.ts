import { ErrorCode, type SsoConfig, SsoMessage, SSO_CALLBACK_PATH, type SsoStartResponse } from '@kith/contracts';
import { AppError, SecretBox, SecretBoxError } from '@kith/nest-kit';
import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';

/** The cookie that carries a sign-in's state, nonce and PKCE verifier from start to callback. */
export const SSO_COOKIE = 'kith_sso';
const SSO_COOKIE_PATH = '/api/auth/sso';
const SSO_TRANSACTION_SECONDS = 10 * 60;
const SEAL_CONTEXT = 'kith-sso-transaction';

/** Who the provider says signed in (from the verified ID token). */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

interface Transaction {
  state: string;
  nonce: string;
  verifier: string;
  expiresAt: number;
}

const stateInvalid = () => new AppError(ErrorCode.BAD_REQUEST, SsoMessage.STATE_INVALID);

/**
 * Single sign-on with an OpenID provider (openid-client): the authorization code flow with PKCE
 * (S256), state and nonce. What binds the callback to the browser that started it is an HttpOnly
 * cookie holding them, sealed (AES-GCM) so the browser can neither read nor forge it.
 */
@Injectable()
export class SsoService {
  private readonly logger = new Logger(SsoService.name);
  private readonly box: SecretBox;
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(@Inject(AUTH_CONFIG) private readonly config: AuthConfig) {
    if (config.OIDC_ISSUER && !config.OIDC_CLIENT_ID)
      throw new Error('OIDC_CLIENT_ID: is required when OIDC_ISSUER is set');
    this.box = SecretBox.forService(config.TOTP_ENCRYPTION_KEY, config.JWT_PRIVATE_KEY);
  }

  get enabled(): boolean {
    return Boolean(this.config.OIDC_ISSUER && this.config.OIDC_CLIENT_ID);
  }

  status(): SsoConfig {
    return { enabled: this.enabled, providerName: this.enabled ? this.config.OIDC_PROVIDER_NAME : null };
  }

  /** The provider's URL to send the browser to, and the Set-Cookie value that remembers the sign-in. */
  async start(): Promise<{ answer: SsoStartResponse; cookie: string }> {
    const configuration = await this.configuration();
    const transaction: Transaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      expiresAt: Date.now() + SSO_TRANSACTION_SECONDS * 1000,
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.verifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
    });
    const sealed = this.box.seal(JSON.stringify(transaction), SEAL_CONTEXT);
    return {
      answer: { authorizationUrl: url.href },
      cookie: this.cookie(sealed, SSO_TRANSACTION_SECONDS),
    };
  }

  /** The Set-Cookie value that forgets the sign-in (a callback is answered once). */
  clearedCookie(): string {
    return this.cookie('', 0);
  }

  /**
   * Exchanges the code (with the PKCE verifier) and checks state, nonce and the ID token
   * (issuer, audience, signature, expiry: openid-client). 400 for anything amiss.
   */
  async finish(callbackQuery: string, sealedTransaction: string | undefined): Promise<SsoIdentity> {
    const configuration = await this.configuration();
    const transaction = this.openTransaction(sealedTransaction);
    const query = callbackQuery.startsWith('?') ? callbackQuery.slice(1) : callbackQuery;
    const callbackUrl = new URL(`${this.redirectUri}?${query}`);
    if (callbackUrl.searchParams.get('state') !== transaction.state) throw stateInvalid();
    let claims: oidc.IDToken & oidc.UserInfoResponse;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: transaction.verifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      // Providers put e-mail and name in the UserInfo answer (for the same subject, checked).
      const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      claims = { ...userInfo, ...idToken };
    } catch (error) {
      this.logger.warn(`Single sign-on refused: ${(error as Error).message}`);
      throw new AppError(ErrorCode.BAD_REQUEST, SsoMessage.FAILED);
    }
    const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
    const name = text(claims.name);
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: text(claims.email).toLowerCase() || null,
      emailVerified: claims.email_verified === true,
      firstName: (text(claims.given_name) || name.split(' ')[0] || 'Friend').slice(0, 100),
      lastName: (text(claims.family_name) || name.split(' ').slice(1).join(' ')).slice(0, 100),
    };
  }

  private get redirectUri(): string {
    return `${this.config.APP_URL}${SSO_CALLBACK_PATH}`;
  }

  private openTransaction(sealed: string | undefined): Transaction {
    if (!sealed) throw stateInvalid();
    try {
      const transaction = JSON.parse(this.box.open(sealed, SEAL_CONTEXT)) as Transaction;
      if (transaction.expiresAt <= Date.now()) throw stateInvalid();
      return transaction;
    } catch (error) {
      if (error instanceof SecretBoxError || error instanceof SyntaxError) throw stateInvalid();
      throw error;
    }
  }

  private cookie(value: string, maxAgeSeconds: number): string {
    const secure = this.config.APP_URL.startsWith('https://') ? '; Secure' : '';
    return `${SSO_COOKIE}=${value}; Path=${SSO_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
  }

  /** The provider's discovery document, fetched on first use (and again after a failure). */
  private configuration(): Promise<oidc.Configuration> {
    if (!this.enabled) throw AppError.notFound('Single sign-on');
    if (!this.discovered) {
      const issuer = new URL(this.config.OIDC_ISSUER!);
      this.discovered = oidc
        .discovery(
          issuer,
          this.config.OIDC_CLIENT_ID!,
          this.config.OIDC_CLIENT_SECRET,
          undefined,
          // An http:// issuer is the operator's explicit choice (a provider on the same host).
          issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          this.discovered = null;
          this.logger.error(`OpenID provider ${issuer.href} could not be discovered: ${(error as Error).message}`);
          throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, SsoMessage.FAILED);
        });
    }
    return this.discovered;
  }
}
