import { FormField, inputClassName } from '@kith/web-kit';
import { useEffect, useRef } from 'react';
import type { SecondFactorKind } from './second-factor.js';

interface SecondFactorFieldProps {
  /** Prefix of the input's id (a page may hold one field only, but dialogs sit on pages). */
  id: string;
  kind: SecondFactorKind;
  onKindChange: (kind: SecondFactorKind) => void;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Focus the input when it appears (the code step of sign-in). */
  autoFocus?: boolean;
}

/**
 * 'Authentication code' (from the app) or, after 'Use a recovery code', 'Recovery code': one
 * input at a time, and switching moves the focus to the new input.
 */
export function SecondFactorField({
  id,
  kind,
  onKindChange,
  value,
  onChange,
  error,
  autoFocus,
}: SecondFactorFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (switched.current) input.current?.focus();
  }, [kind]);
  const isCode = kind === 'code';
  const inputId = `${id}-${kind}`;

  return (
    <div>
      <FormField
        label={isCode ? 'Authentication code' : 'Recovery code'}
        htmlFor={inputId}
        error={error}
        hint={
          isCode
            ? 'The 6-digit code your authenticator app shows for Kith.'
            : 'One of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
        }
      >
        <input
          key={kind}
          ref={input}
          id={inputId}
          className={inputClassName(Boolean(error))}
          aria-invalid={Boolean(error)}
          autoFocus={autoFocus}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...(isCode
            ? { inputMode: 'numeric', autoComplete: 'one-time-code', placeholder: '123 456', maxLength: 16 }
            : { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, placeholder: 'xxxx-xxxx-xxxx' })}
        />
      </FormField>
      <button
        type="button"
        className="mt-2 text-sm font-medium text-blue-600 hover:text-blue-700"
        onClick={() => {
          switched.current = true;
          onChange('');
          onKindChange(isCode ? 'recoveryCode' : 'code');
        }}
      >
        {isCode ? 'Use a recovery code' : 'Use an authentication code'}
      </button>
    </div>
  );
}
