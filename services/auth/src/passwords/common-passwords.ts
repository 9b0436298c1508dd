import { dictionary } from '@zxcvbn-ts/language-common';
import { AccountMessages } from '@kith/contracts';
import { AppError } from '@kith/nest-kit';

/** How many of zxcvbn's most common passwords (ranked by use in leaks) are refused. */
export const COMMON_PASSWORDS_REFUSED = 10_000;

const common = new Set(
  dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((password) => password.toLowerCase()),
);

/** Whether a password is among the most common ones ("password1", "qwerty"), whatever its case. */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/** The 400 for a common password, naming the field like every validation error. */
export function refuseCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw AppError.validation([{ field, message: AccountMessages.COMMON_PASSWORD }]);
}
