import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  JWT_AUDIENCE,
  JWT_ISSUER,
  STEP_UP_AUDIENCE,
  STEP_UP_TTL_SECONDS,
  type StepUpMethod,
} from '@kith/contracts';
import { ACCESS_TOKEN_ALGORITHM, type JwtVerifier, STEP_UP_TOKEN_TYPE } from '@kith/nest-kit';
import { type CryptoKey, importPKCS8, type KeyObject, SignJWT } from 'jose';

export interface AccessTokenSubject {
  id: string;
  email: string;
  /** The session (refresh-token family): step-up grants are bound to it. */
  sessionId?: string;
  isOperator?: boolean;
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
    return new SignJWT({
      email: subject.email,
      ...(subject.sessionId ? { sid: subject.sessionId } : {}),
      ...(subject.isOperator ? { op: true } : {}),
    })
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
   * A step-up grant: proof, made just now with `methods`, that `userId` is at the keyboard of
   * `sessionId`. Another audience and type than access tokens, so neither passes for the other.
   */
  async issueStepUp(
    grant: { userId: string; sessionId?: string; methods: StepUpMethod[] },
    now = Date.now(),
  ): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Math.floor(now / 1000) * 1000 + STEP_UP_TTL_SECONDS * 1000);
    const token = await new SignJWT({ amr: grant.methods, ...(grant.sessionId ? { sid: grant.sessionId } : {}) })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: STEP_UP_TOKEN_TYPE })
      .setSubject(grant.userId)
      .setIssuer(JWT_ISSUER)
      .setAudience(STEP_UP_AUDIENCE)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .setJti(randomUUID())
      .sign(this.privateKey);
    return { token, expiresAt };
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
