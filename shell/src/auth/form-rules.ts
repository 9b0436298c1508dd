import { LOOSE_EMAIL_PATTERN, MIN_PASSWORD_LENGTH, ValidationMessage } from '@kith/contracts';

/** The sign-in and registration validation rules as react-hook-form rules, messages verbatim from contracts. */
export const emailRules = (invalidMessage: string = ValidationMessage.EMAIL_INVALID) => ({
  required: ValidationMessage.EMAIL_REQUIRED,
  pattern: { value: LOOSE_EMAIL_PATTERN, message: invalidMessage },
});

export const passwordRules = {
  required: ValidationMessage.PASSWORD_REQUIRED,
  minLength: { value: MIN_PASSWORD_LENGTH, message: ValidationMessage.PASSWORD_TOO_SHORT },
};

/** Required, and not just spaces. */
export const requiredRule = (message: string) => ({
  validate: (value: string) => value.trim().length > 0 || message,
});
