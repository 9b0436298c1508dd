import {
  TOTP_ALGORITHM,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  TOTP_SECRET_BYTES,
  TOTP_WINDOW_STEPS,
} from '@kith/contracts';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with the parameters every authenticator app supports (SHA-1, 6 digits, 30 s). */
const totpOf = (secretBase32: string, accountName = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: accountName,
    secret: Secret.fromBase32(secretBase32),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });

/** A new random key (160 bits, RFC 4226 §4), in the base32 that apps accept typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

/** The `otpauth://totp/Kith:<account>?secret=…` URI an authenticator app scans from the QR code. */
export function otpauthUri(secretBase32: string, accountName: string): string {
  return totpOf(secretBase32, accountName).toString();
}

/**
 * The time step (RFC 6238 counter) the code belongs to when it is valid at `now`, one step of
 * clock drift either way allowed; null otherwise. Callers refuse a step at or before the last one
 * used, so an observed code cannot be replayed.
 */
export function matchTotpStep(secretBase32: string, code: string, now: number = Date.now()): number | null {
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}
