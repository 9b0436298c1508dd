import { FormField, inputClassName } from '@kith/web-kit';
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/** A react-hook-form field with its label and the spec's error message under it. */
export function TextInput({ id, label, registration, error, ...inputProps }: TextInputProps) {
  return (
    <FormField label={label} htmlFor={id} error={error?.message}>
      <input
        id={id}
        className={inputClassName(Boolean(error))}
        aria-invalid={Boolean(error)}
        {...inputProps}
        {...registration}
      />
    </FormField>
  );
}
