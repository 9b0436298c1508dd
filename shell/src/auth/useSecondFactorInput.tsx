import type { SecondFactor } from '@kith/contracts';
import { useState } from 'react';
import { readSecondFactor, type SecondFactorKind } from './second-factor.js';
import { SecondFactorField } from './SecondFactorField.js';

/**
 * A second factor typed in a form (sign-in, password reset, Settings): the field's state, reading
 * it as the server will, and showing the server's refusal under it.
 */
export function useSecondFactorInput() {
  const [kind, setKind] = useState<SecondFactorKind>('code');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  /** The factor, or null with the reason shown under the field. */
  const read = (): SecondFactor | null => {
    const result = readSecondFactor(kind, typed);
    if ('error' in result) {
      setError(result.error);
      return null;
    }
    setError(undefined);
    return result.factor;
  };
  const reset = () => {
    setKind('code');
    setTyped('');
    setError(undefined);
  };
  /** A refused code: the server's message under the field, which is emptied for the next try. */
  const refuse = (message: string) => {
    setTyped('');
    setError(message);
  };
  const field = (id: string, { autoFocus = false }: { autoFocus?: boolean } = {}) => (
    <SecondFactorField
      id={id}
      kind={kind}
      onKindChange={(next) => {
        setKind(next);
        setError(undefined);
      }}
      value={typed}
      onChange={setTyped}
      error={error}
      autoFocus={autoFocus}
    />
  );
  return { kind, read, reset, refuse, showError: setError, field };
}
