import { TOTP_PERIOD_SECONDS } from '@kith/contracts';
import { Secret, TOTP } from 'otpauth';
import { matchTotpStep, newTotpSecret, otpauthUri } from './totp.js';

/** RFC 6238 Appendix B: the SHA-1 key "12345678901234567890". */
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;
const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;
const codeAt = (secret: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp, digits: 6, period: TOTP_PERIOD_SECONDS });

describe('TOTP', () => {
  it('computes the RFC 6238 test vectors (last 6 of the 8 digits)', () => {
    // T = 59 s → 94287082, T = 1111111109 s → 07081804, T = 2000000000 s → 69279037.
    expect(matchTotpStep(RFC_SECRET, '287082', 59_000)).toBe(1);
    expect(matchTotpStep(RFC_SECRET, '081804', 1_111_111_109_000)).toBe(37_037_036);
    expect(matchTotpStep(RFC_SECRET, '279037', 2_000_000_000_000)).toBe(66_666_666);
  });

  it('accepts the codes of one step before and after (clock drift) and names their step', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_015_000;
    const step = Math.floor(now / PERIOD_MS);
    expect(matchTotpStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, codeAt(secret, now - PERIOD_MS), now)).toBe(step - 1);
    expect(matchTotpStep(secret, codeAt(secret, now + PERIOD_MS), now)).toBe(step + 1);
  });

  it('refuses codes two steps away, of another key, and malformed ones', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_015_000;
    expect(matchTotpStep(secret, codeAt(secret, now - 2 * PERIOD_MS), now)).toBeNull();
    expect(matchTotpStep(secret, codeAt(secret, now + 2 * PERIOD_MS), now)).toBeNull();
    expect(matchTotpStep(secret, codeAt(newTotpSecret(), now), now)).toBeNull();
    expect(matchTotpStep(secret, '', now)).toBeNull();
    expect(matchTotpStep(secret, '12345', now)).toBeNull();
  });

  it('makes 160-bit base32 keys, each new', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('writes the otpauth URI authenticator apps scan: issuer Kith, SHA-1, 6 digits, 30 s', () => {
    const secret = newTotpSecret();
    const uri = new URL(otpauthUri(secret, 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Kith:ada@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Kith',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
