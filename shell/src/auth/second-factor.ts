import { type SecondFactor, TOTP_DIGITS, TwoFactorMessage } from '@kith/contracts';

/** Which second factor a form asks for: the app's code, or (lost phone) a recovery code. */
export type SecondFactorKind = 'code' | 'recoveryCode';

const CODE_PATTERN = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/**
 * The second factor as typed, checked the way the server checks it (spaces in a code are fine,
 * apps show "123 456"), or the message to show under the field.
 */
export function readSecondFactor<Kind extends SecondFactorKind>(
  kind: Kind,
  typed: string,
): { factor: Extract<SecondFactor, Record<Kind, string>> } | { error: string };
export function readSecondFactor(kind: SecondFactorKind, typed: string): { factor: SecondFactor } | { error: string } {
  if (kind === 'recoveryCode') {
    const recoveryCode = typed.trim();
    return recoveryCode ? { factor: { recoveryCode } } : { error: TwoFactorMessage.RECOVERY_CODE_REQUIRED };
  }
  const code = typed.replace(/\s+/g, '');
  if (!code) return { error: TwoFactorMessage.CODE_REQUIRED_FIELD };
  return CODE_PATTERN.test(code) ? { factor: { code } } : { error: TwoFactorMessage.CODE_FORMAT };
}
