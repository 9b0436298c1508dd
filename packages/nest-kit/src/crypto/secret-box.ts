import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const FORMAT = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;

export interface SecretBoxKey {
  /** Short fingerprint stored beside each ciphertext, so the right key is found after a change. */
  id: string;
  key: Buffer;
}

/** A sealed value that no configured key opens (the key changed, or the value was tampered with). */
export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);
const asKey = (key: Buffer): SecretBoxKey => ({ id: keyId(key), key });

/**
 * Encrypts small secrets for storage (AES-256-GCM, a fresh IV each time). The associated data
 * (the owner's user id) is authenticated too: a ciphertext copied to another user's row does not
 * open there. Sealed form: `v1.<key id>.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export class SecretBox {
  private readonly primary: SecretBoxKey;

  /** `keys[0]` seals; every key opens what it sealed. */
  constructor(private readonly keys: readonly SecretBoxKey[]) {
    if (keys.length === 0) throw new Error('SecretBox needs at least one key');
    this.primary = keys[0]!;
  }

  /** A box with one key (32 bytes). */
  static withKey(key: Buffer): SecretBox {
    return new SecretBox([asKey(key)]);
  }

  /**
   * The auth service's box for TOTP keys: TOTP_ENCRYPTION_KEY when it is set; otherwise a key derived (HKDF)
   * from the access-token signing key, which auth alone holds and which never enters the database.
   * The derived key stays able to open older values after TOTP_ENCRYPTION_KEY is introduced.
   */
  static forService(dedicatedKey: Buffer | undefined, signingKeyPem: string): SecretBox {
    const derived = Buffer.from(
      hkdfSync('sha256', Buffer.from(signingKeyPem, 'utf8'), 'kith', 'kith totp secret encryption v1', KEY_BYTES),
    );
    return new SecretBox(dedicatedKey ? [asKey(dedicatedKey), asKey(derived)] : [asKey(derived)]);
  }

  get sealingKeyId(): string {
    return this.primary.id;
  }

  /** Whether the value was sealed with an older key (re-sealing it moves it to the current one). */
  isSealedWithOlderKey(sealed: string): boolean {
    return sealed.split('.')[1] !== this.primary.id;
  }

  seal(plaintext: string, associatedData: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.primary.key, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT, this.primary.id, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string, associatedData: string): string {
    const [format, id, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (format !== FORMAT || !id || !iv || !tag || ciphertext === undefined || rest.length > 0) {
      throw new SecretBoxError('not a sealed value');
    }
    const key = this.keys.find((candidate) => candidate.id === id);
    if (!key) throw new SecretBoxError(`sealed with key ${id}, which is not configured`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(`value sealed with key ${id} does not authenticate`);
    }
  }
}
