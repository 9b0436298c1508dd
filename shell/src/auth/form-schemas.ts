import { zodResolver } from '@hookform/resolvers/zod';
import { ValidationMessage } from '@kith/contracts';
import {
  forgotPasswordSchema,
  invitationCreateSchema,
  loginSchema,
  registerSchema,
  updateProfileSchema,
} from '@kith/contracts/validation';
import { z } from 'zod';

/** Reset password: the contract's password rule, and a confirmation that must match it. */
const resetPasswordFormSchema = loginSchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string().min(1, ValidationMessage.CONFIRM_PASSWORD_REQUIRED) })
  .refine((form) => form.confirmPassword === form.password, {
    path: ['confirmPassword'],
    message: ValidationMessage.PASSWORDS_DO_NOT_MATCH,
  });

/** The password typed to prove it is you: only required here (the server checks it). */
const currentPassword = z.string().min(1, ValidationMessage.PASSWORD_REQUIRED);

/** Settings → change password: the current one, and a new one by the contract's rule, confirmed. */
const changePasswordFormSchema = z
  .object({
    currentPassword,
    newPassword: loginSchema.shape.password,
    confirmPassword: z.string().min(1, ValidationMessage.CONFIRM_PASSWORD_REQUIRED),
  })
  .refine((form) => form.confirmPassword === form.newPassword, {
    path: ['confirmPassword'],
    message: ValidationMessage.PASSWORDS_DO_NOT_MATCH,
  });

/** Settings → change e-mail: the new address by the contract's rule, and the password. */
const changeEmailFormSchema = z.object({ newEmail: invitationCreateSchema.shape.email, currentPassword });

/**
 * The sign-in forms check what the API checks, with its messages: the contract's own schemas (the
 * outputs are what the API takes: names and e-mail trimmed).
 */
export const resolvers = {
  login: zodResolver(loginSchema),
  register: zodResolver(registerSchema),
  forgotPassword: zodResolver(forgotPasswordSchema),
  resetPassword: zodResolver(resetPasswordFormSchema),
  profile: zodResolver(updateProfileSchema),
  changePassword: zodResolver(changePasswordFormSchema),
  changeEmail: zodResolver(changeEmailFormSchema),
  invitation: zodResolver(invitationCreateSchema),
};
