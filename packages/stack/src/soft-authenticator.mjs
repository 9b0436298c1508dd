import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, as the WebAuthn spec has it (ES256, "none" attestation,
 * user verified): what a browser's navigator.credentials.create/get would answer for `origin`.
 * Tests drive the server's ceremonies with it; the browser tests use Chromium's own.
 */
const b64url = (bytes) => Buffer.from(bytes).toString('base64url');
const sha256 = (data) => createHash('sha256').update(data).digest();
const FLAGS = { UP: 0x01, UV: 0x04, AT: 0x40 };

export class SoftAuthenticator {
  credentialId = randomBytes(16);
  #privateKey;
  #publicJwk;
  #signCount = 0;
  #userHandle = '';

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = privateKey;
    this.#publicJwk = publicKey.export({ format: 'jwk' });
  }

  get id() {
    return b64url(this.credentialId);
  }

  /** The answer to registration options (navigator.credentials.create). */
  create(options, origin) {
    const rpId = options.rp?.id ?? new URL(origin).hostname;
    this.#userHandle = options.user?.id ?? '';
    const coseKey = new Map([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.#publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.#publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAGS.UP | FLAGS.UV | FLAGS.AT]),
      this.#counter(),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = this.#clientData('webauthn.create', options.challenge, origin);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer to sign-in or step-up options (navigator.credentials.get). */
  get(options, origin) {
    const rpId = options.rpId ?? new URL(origin).hostname;
    this.#signCount += 1;
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([FLAGS.UP | FLAGS.UV]), this.#counter()]);
    const clientDataJSON = this.#clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.#privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: this.#userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  #counter() {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.#signCount);
    return counter;
  }

  #clientData(type, challenge, origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
}
