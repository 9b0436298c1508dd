import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { TextInput } from './TextInput.js';

/** The e-mail field of the sign-in and registration forms (the registration rules come with `registration`). */
export function EmailInput({ registration, error }: { registration: UseFormRegisterReturn; error?: FieldError }) {
  return (
    <TextInput
      id="email"
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      registration={registration}
      error={error}
    />
  );
}
