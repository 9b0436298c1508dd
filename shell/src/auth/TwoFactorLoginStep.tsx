import { ErrorCode, type TwoFactorChallengeResponse } from '@kith/contracts';
import { Button, api, isApiError, notify, useAuthStore } from '@kith/web-kit';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthLayout } from './AuthLayout.js';
import { getPasskey, passkeysSupported, wasCancelled } from './passkey-ceremony.js';
import { useSecondFactorInput } from './useSecondFactorInput.js';

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
  const factor = useSecondFactorInput();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = factor.read();
    if (!typed) return;
    setSubmitting(true);
    try {
      await completeTwoFactorLogin(challenge.challenge, typed);
      notify.success('Login successful! Welcome back.');
      navigate('/dashboard', { replace: true });
    } catch (failure) {
      setSubmitting(false);
      if (isApiError(failure) && failure.code === ErrorCode.TWO_FACTOR_CHALLENGE_INVALID) {
        onRestart(failure.message);
        return;
      }
      factor.refuse(isApiError(failure) && failure.fromServer ? failure.message : LOGIN_FAILED);
    }
  };

  // A passkey of the account answers the step instead of a code.
  const startSession = useAuthStore((state) => state.startSession);
  const withPasskey = async () => {
    setSubmitting(true);
    try {
      const options = await api.call('passkeySignInOptions', { retry: false });
      const response = await getPasskey(options);
      startSession(
        await api.call('loginTwoFactorPasskey', { body: { challenge: challenge.challenge, response }, retry: false }),
      );
      notify.success('Login successful! Welcome back.');
      navigate('/dashboard', { replace: true });
    } catch (failure) {
      setSubmitting(false);
      if (isApiError(failure) && failure.code === ErrorCode.TWO_FACTOR_CHALLENGE_INVALID) {
        onRestart(failure.message);
        return;
      }
      if (!wasCancelled(failure))
        factor.refuse(isApiError(failure) && failure.fromServer ? failure.message : LOGIN_FAILED);
    }
  };

  return (
    <AuthLayout
      title="Two-factor sign-in"
      subtitle={
        factor.kind === 'code'
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
        {factor.field('login-second-factor', { autoFocus: true })}
        <Button type="submit" size="lg" className="w-full" loading={submitting}>
          Verify
        </Button>
        {passkeysSupported() && (
          <Button
            variant="secondary"
            size="lg"
            className="w-full"
            disabled={submitting}
            onClick={() => void withPasskey()}
          >
            Use a passkey instead
          </Button>
        )}
      </form>
    </AuthLayout>
  );
}
