import { ErrorMessage, JWT_AUDIENCE, JWT_ISSUER } from '@kith/contracts';
import { importSPKI, jwtVerify, type KeyObject, type CryptoKey } from 'jose';
import { AppError } from '../errors/app-error.js';

/** The only algorithm we sign with; everything else (including `none`) is refused. */
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';

export interface AccessTokenClaims {
  userId: string;
  email: string;
}

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
      const claims = { userId: String(payload.sub), email: String(payload['email'] ?? '') };
      this.remember(token, claims, payload.exp! * 1000);
      return claims;
    } catch {
      throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
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
