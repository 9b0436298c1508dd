import { ErrorCode, type TwoFactorChallengeResponse } from '@kith/contracts';
import { Button, isApiError, notify, useAuthStore } from '@kith/web-kit';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthLayout } from './AuthLayout.js';
import { readSecondFactor, type SecondFactorKind } from './second-factor.js';
import { SecondFactorField } from './SecondFactorField.js';

const LOGIN_FAILED = 'Failed to sign in. Please check your credentials.';

/**
 * The second step of signing in to an account with two-factor sign-in: the password was right,
 * now a code from the app (or a recovery code) answers the challenge. A challenge that expired or
 * ran out of attempts sends the person back to the password, saying why.
 */
export function TwoFactorLoginStep({
  challenge,
  onRestart,
}: {
  challenge: TwoFactorChallengeResponse;
  onRestart: (reason?: string) => void;
}) {
  const completeTwoFactorLogin = useAuthStore((state) => state.completeTwoFactorLogin);
  const navigate = useNavigate();
  const [kind, setKind] = useState<SecondFactorKind>('code');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readSecondFactor(kind, typed);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      await completeTwoFactorLogin(challenge.challenge, read.factor);
      notify.success('Login successful! Welcome back.');
      navigate('/dashboard', { replace: true });
    } catch (failure) {
      setSubmitting(false);
      if (isApiError(failure) && failure.code === ErrorCode.TWO_FACTOR_CHALLENGE_INVALID) {
        onRestart(failure.message);
        return;
      }
      setTyped('');
      setError(isApiError(failure) && failure.fromServer ? failure.message : LOGIN_FAILED);
    }
  };

  return (
    <AuthLayout
      title="Two-factor sign-in"
      subtitle={
        kind === 'code'
          ? 'Open your authenticator app and enter the code it shows for Kith.'
          : 'Lost your phone? Enter one of your recovery codes.'
      }
      footer={
        <button type="button" onClick={() => onRestart()} className="font-semibold text-blue-600 hover:text-blue-700">
          Back to sign in
        </button>
      }
    >
      <form className="space-y-5" onSubmit={(event) => void submit(event)} noValidate>
        <div className="flex items-center gap-3 rounded-xl border border-blue-100 bg-blue-50/70 p-4 text-sm text-blue-900">
          <ShieldCheck className="size-5 shrink-0 text-blue-600" aria-hidden="true" />
          Your password was right. One more step keeps your account yours.
        </div>
        <SecondFactorField
          id="login-second-factor"
          kind={kind}
          onKindChange={(next) => {
            setKind(next);
            setError(undefined);
          }}
          value={typed}
          onChange={setTyped}
          error={error}
          autoFocus
        />
        <Button type="submit" size="lg" className="w-full" loading={submitting}>
          Verify
        </Button>
      </form>
    </AuthLayout>
  );
}
