import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, JWT_AUDIENCE, JWT_ISSUER } from '@kith/contracts';
import { ACCESS_TOKEN_ALGORITHM, type JwtVerifier } from '@kith/nest-kit';
import { type CryptoKey, importPKCS8, type KeyObject, SignJWT } from 'jose';

export interface AccessTokenSubject {
  id: string;
  email: string;
}

/** Signs short-lived access tokens (EdDSA) that nest-kit's JwtVerifier accepts everywhere. */
export class AccessTokenIssuer {
  private constructor(
    private readonly privateKey: CryptoKey | KeyObject,
    private readonly ttlSeconds: number,
  ) {}

  static async fromPem(privateKeyPem: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<AccessTokenIssuer> {
    return new AccessTokenIssuer(await importPKCS8(privateKeyPem, ACCESS_TOKEN_ALGORITHM), ttlSeconds);
  }

  issue(subject: AccessTokenSubject): Promise<string> {
    return new SignJWT({ email: subject.email })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(subject.id)
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .setJti(randomUUID())
      .sign(this.privateKey);
  }

  /**
   * Fails at boot when JWT_PRIVATE_KEY and JWT_PUBLIC_KEY are not a pair; otherwise every token
   * we issue would be refused by the gateway and the other services.
   */
  async assertVerifiableBy(verifier: JwtVerifier): Promise<void> {
    const probe = { id: randomUUID(), email: 'key-pair-check@kith.invalid' };
    try {
      await verifier.verify(await this.issue(probe));
    } catch {
      throw new Error('JWT_PRIVATE_KEY does not match JWT_PUBLIC_KEY: tokens signed here would be refused');
    }
  }
}
