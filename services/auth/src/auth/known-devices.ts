import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_BASE_PATH, KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_TTL_DAYS, MS_PER_DAY } from '@kith/contracts';

const FORMAT = 'v1';
const DEVICE_ID_BYTES = 16;
/** Sent to the sign-in routes only (`/login` and `/login/2fa`), never with other requests. */
const COOKIE_PATH = `${API_BASE_PATH}/auth/login`;
/** Far more than a browser keeps: a longer header is not ours. */
const MAX_COOKIE_CHARS = 200;

/** A client that signed in to this account before: the id its own attempts are counted under. */
export interface KnownDevice {
  deviceId: string;
}

/**
 * OWASP's "device cookie": a full sign-in hands the client a value signed by auth, naming the
 * account and a random device id. Presented again at login for the same account, it lets the
 * client past the account's backoff (which an attacker can keep up) while its own failures
 * still slow it down. Form: `v1.<user id>.<device id>.<issued at, s>.<HMAC-SHA256>`, base64url.
 *
 * HttpOnly and SameSite=Strict: scripts cannot read it and other sites cannot send it. Secure:
 * browsers keep it over HTTPS, and on localhost.
 */
export class KnownDevices {
  constructor(private readonly key: Buffer) {}

  /** The key is derived (HKDF) from the access-token signing key, which only auth holds. */
  static forService(signingKeyPem: string): KnownDevices {
    return new KnownDevices(
      Buffer.from(hkdfSync('sha256', Buffer.from(signingKeyPem, 'utf8'), 'kith', 'kith known device v1', 32)),
    );
  }

  /** A fresh device value for `userId`, valid for KNOWN_DEVICE_TTL_DAYS. */
  issue(userId: string, now = Date.now()): string {
    const payload = `${FORMAT}.${userId}.${randomBytes(DEVICE_ID_BYTES).toString('base64url')}.${Math.floor(now / 1000)}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /**
   * The device when `value` is one this service issued to `userId` and still valid. The signature
   * is checked whether or not there is an account, so an unknown address costs the same.
   */
  verify(value: string | undefined, userId: string | undefined, now = Date.now()): KnownDevice | undefined {
    if (!value || value.length > MAX_COOKIE_CHARS) return undefined;
    const cut = value.lastIndexOf('.');
    const payload = value.slice(0, cut);
    const given = Buffer.from(value.slice(cut + 1), 'base64url');
    const expected = Buffer.from(this.sign(payload), 'base64url');
    if (cut < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const [format, owner, deviceId, issuedAt] = payload.split('.');
    if (format !== FORMAT || owner !== userId || !deviceId) return undefined;
    if (now - Number(issuedAt) * 1000 > KNOWN_DEVICE_TTL_DAYS * MS_PER_DAY) return undefined;
    return { deviceId };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload, 'utf8').digest('base64url');
  }
}

/** The device value among a request's cookies. */
export function knownDeviceCookieOf(cookieHeader: string | undefined): string | undefined {
  return cookieOf(cookieHeader, KNOWN_DEVICE_COOKIE);
}

/** One cookie's value from a Cookie header. */
export function cookieOf(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim() || undefined;
  }
  return undefined;
}

/** The Set-Cookie header that hands the client its device value. */
export const knownDeviceSetCookie = (value: string): string =>
  `${KNOWN_DEVICE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${(KNOWN_DEVICE_TTL_DAYS * MS_PER_DAY) / 1000}; HttpOnly; Secure; SameSite=Strict`;
