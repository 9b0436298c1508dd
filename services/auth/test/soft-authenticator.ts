import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, as the WebAuthn spec has it (ES256, "none" attestation,
 * user verified): what a browser's navigator.credentials.create/get would answer for `origin`.
 * Tests drive the server's ceremonies with it; the browser tests use Chromium's own.
 */
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const FLAGS = { UP: 0x01, UV: 0x04, AT: 0x40 };

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private signCount = 0;
  private userHandle = '';

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The answer to registration options (navigator.credentials.create). */
  create(options: Options, origin: string) {
    const rpId = options.rp?.id ?? new URL(origin).hostname;
    this.userHandle = options.user?.id ?? '';
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAGS.UP | FLAGS.UV | FLAGS.AT]),
      this.counter(),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, origin);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** The answer to sign-in or step-up options (navigator.credentials.get). */
  get(options: Options, origin: string) {
    const rpId = options.rpId ?? new URL(origin).hostname;
    this.signCount += 1;
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([FLAGS.UP | FLAGS.UV]), this.counter()]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  private counter(): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.signCount);
    return counter;
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
}
