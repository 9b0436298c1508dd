import { ErrorCode, ErrorMessage, JWT_AUDIENCE, JWT_ISSUER, STEP_UP_AUDIENCE, StepUpMessage } from '@kith/contracts';
import { importSPKI, jwtVerify, type KeyObject, type CryptoKey } from 'jose';
import { AppError } from '../errors/app-error.js';

/** The only algorithm we sign with; everything else (including `none`) is refused. */
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';

export interface AccessTokenClaims {
  userId: string;
  email: string;
  /** The session (refresh-token family) the token was issued for; absent in tokens of older releases. */
  sessionId?: string;
  /** The instance's operator (its first account, or an address in KITH_OPERATORS). */
  isOperator?: boolean;
}

/** A verified step-up grant: who proved it is them, in which session, and how. */
export interface StepUpGrant {
  userId: string;
  sessionId?: string;
  /** RFC 8176 method references (StepUpMethod). */
  methods: string[];
}

/** The JOSE `typ` of step-up grants (access tokens are plain `JWT`). */
export const STEP_UP_TOKEN_TYPE = 'kith-step-up+jwt';

/** How many verified tokens to remember (each is re-checked against its own `exp` on every use). */
const VERIFIED_TOKEN_CACHE_SIZE = 1000;

/** Verifies access tokens with the public key only: algorithm, signature, exp, iss and aud. */
export class JwtVerifier {
  private keyPromise: Promise<CryptoKey | KeyObject>;
  /**
   * The same token string always verifies the same way, so a token already verified skips the
   * signature check (the hot path of every request) until its own expiry.
   */
  private readonly verified = new Map<string, { claims: AccessTokenClaims; expiresAtMs: number }>();

  constructor(publicKeyPem: string) {
    this.keyPromise = importSPKI(publicKeyPem, ACCESS_TOKEN_ALGORITHM);
  }

  async verify(token: string): Promise<AccessTokenClaims> {
    const known = this.verified.get(token);
    if (known && known.expiresAtMs > Date.now()) return known.claims;
    if (known) this.verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, await this.keyPromise, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        requiredClaims: ['sub', 'exp'],
      });
      const claims: AccessTokenClaims = {
        userId: String(payload.sub),
        email: String(payload['email'] ?? ''),
        ...(typeof payload['sid'] === 'string' ? { sessionId: payload['sid'] } : {}),
        isOperator: payload['op'] === true,
      };
      this.remember(token, claims, payload.exp! * 1000);
      return claims;
    } catch {
      throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    }
  }

  /**
   * A step-up grant (STEP_UP_HEADER): signed by auth like access tokens, but for its own audience
   * and type, so neither can stand in for the other. An invalid or expired grant is STEP_UP_REQUIRED.
   */
  async verifyStepUp(token: string): Promise<StepUpGrant> {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, await this.keyPromise, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: JWT_ISSUER,
        audience: STEP_UP_AUDIENCE,
        typ: STEP_UP_TOKEN_TYPE,
        requiredClaims: ['sub', 'exp'],
      });
      if (protectedHeader.typ !== STEP_UP_TOKEN_TYPE) throw new Error('not a step-up grant');
      return {
        userId: String(payload.sub),
        ...(typeof payload['sid'] === 'string' ? { sessionId: payload['sid'] } : {}),
        methods: Array.isArray(payload['amr']) ? payload['amr'].map(String) : [],
      };
    } catch {
      throw new AppError(ErrorCode.STEP_UP_REQUIRED, StepUpMessage.EXPIRED);
    }
  }

  private remember(token: string, claims: AccessTokenClaims, expiresAtMs: number): void {
    if (this.verified.size >= VERIFIED_TOKEN_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { claims, expiresAtMs });
  }

  /** Reads `Authorization: Bearer <token>`; a missing or malformed header is a 401. */
  async verifyAuthorizationHeader(header: string | undefined): Promise<AccessTokenClaims> {
    const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
    if (!match) throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    return this.verify(match[1]!);
  }
}
