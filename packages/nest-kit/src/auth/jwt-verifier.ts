import { ErrorMessage, JWT_AUDIENCE, JWT_ISSUER } from '@kith/contracts';
import { importSPKI, jwtVerify, type KeyObject, type CryptoKey } from 'jose';
import { AppError } from '../errors/app-error.js';

/** The only algorithm we sign with; everything else (including `none`) is refused. */
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';

export interface AccessTokenClaims {
  userId: string;
  email: string;
}

/** Verifies access tokens with the public key only: algorithm, signature, exp, iss and aud. */
export class JwtVerifier {
  private keyPromise: Promise<CryptoKey | KeyObject>;

  constructor(publicKeyPem: string) {
    this.keyPromise = importSPKI(publicKeyPem, ACCESS_TOKEN_ALGORITHM);
  }

  async verify(token: string): Promise<AccessTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, await this.keyPromise, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        requiredClaims: ['sub', 'exp'],
      });
      return { userId: String(payload.sub), email: String(payload['email'] ?? '') };
    } catch {
      throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    }
  }

  /** Reads `Authorization: Bearer <token>`; a missing or malformed header is a 401. */
  async verifyAuthorizationHeader(header: string | undefined): Promise<AccessTokenClaims> {
    const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
    if (!match) throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    return this.verify(match[1]!);
  }
}
