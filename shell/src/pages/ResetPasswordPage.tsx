import { ErrorCode, RESET_SUCCESS_REDIRECT_MS, ValidationMessage } from '@kith/contracts';
import {
  Button,
  LoadingState,
  api,
  buttonClassName,
  isApiError,
  notify,
  serverErrorOr,
  useAuthStore,
} from '@kith/web-kit';
import { CheckCircle2, LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../auth/AuthLayout.js';
import { TextInput } from '../auth/TextInput.js';
import { schemaResolver } from '../auth/schema-resolver.js';
import { getPasskey, passkeysSupported, wasCancelled } from '../auth/passkey-ceremony.js';
import { useSecondFactorInput } from '../auth/useSecondFactorInput.js';

const EXPIRED_LINK = 'This reset link has expired or is invalid. Please request a new one.';

function InvalidResetLink() {
  return (
    <AuthLayout title="Invalid Reset Link" subtitle="This password reset link is missing, invalid or has expired.">
      <div className="rounded-2xl border border-amber-100 bg-amber-50 p-6 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-600">
          <LinkIcon className="size-6" aria-hidden="true" />
        </span>
        <p className="mt-4 text-sm text-amber-900">
          {ValidationMessage.RESET_TOKEN_MISSING}. Reset links work once and expire after an hour.
        </p>
      </div>
      <Link to="/forgot-password" className={buttonClassName('primary', 'lg', 'mt-6 w-full')}>
        Request new reset link
      </Link>
    </AuthLayout>
  );
}

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  // Validity unknown, then valid (form) or invalid; the link is checked as the page opens.
  const [status, setStatus] = useState<'checking' | 'form' | 'invalid' | 'done'>(token ? 'checking' : 'invalid');
  // An account with two-factor sign-in also needs a code (or a recovery code) to reset.
  const [twoFactorRequired, setTwoFactorRequired] = useState(false);
  const secondFactor = useSecondFactorInput();
  const startSession = useAuthStore((state) => state.startSession);
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm({
    resolver: schemaResolver('resetPassword'),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (!token) return;
    let current = true;
    api
      .call('checkResetToken', { body: { token }, retry: false })
      .then((answer) => {
        if (!current) return;
        setTwoFactorRequired(Boolean(answer?.twoFactorRequired));
        setStatus((now) => (now === 'checking' ? 'form' : now));
      })
      .catch((error: unknown) => {
        if (!current) return;
        // A 400 marks the link invalid or expired; anything else lets the form decide on submit.
        const expired = isApiError(error) && error.status === 400;
        if (expired) notify.error(EXPIRED_LINK);
        setStatus((now) => (now !== 'checking' ? now : expired ? 'invalid' : 'form'));
      });
    return () => {
      current = false;
    };
  }, [token]);

  useEffect(() => {
    if (status !== 'done') return;
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), RESET_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  /** Resets with the typed code (when the account has two-factor sign-in), or with a passkey of the account instead. */
  const reset = async ({ password }: { password: string }, via: 'code' | 'passkey') => {
    const factor = via === 'code' && twoFactorRequired ? secondFactor.read() : {};
    if (!factor) return;
    try {
      const result =
        via === 'passkey'
          ? await api.call('resetPasswordWithPasskey', {
              body: { token, password, response: await getPasskey(await api.call('passkeySignInOptions')) },
              retry: false,
            })
          : await api.call('resetPassword', { body: { token, password, ...factor } });
      if (result?.tokens && result.user) startSession(result);
      setStatus('done');
    } catch (error) {
      if (wasCancelled(error)) return;
      // The spec's rule: a failed reset with 400 is a dead link (a passkey's expired prompt aside).
      if (
        isApiError(error) &&
        error.status === 400 &&
        (via === 'code' || error.code === ErrorCode.INVALID_RESET_TOKEN)
      ) {
        notify.error(EXPIRED_LINK);
        setStatus('invalid');
      } else if (isApiError(error) && error.code === ErrorCode.TWO_FACTOR_REQUIRED) {
        // Turned on since the page opened: ask for the code now.
        setTwoFactorRequired(true);
        secondFactor.showError(error.message);
      } else if (
        isApiError(error) &&
        (error.code === ErrorCode.INVALID_TWO_FACTOR_CODE ||
          error.code === ErrorCode.INVALID_CREDENTIALS ||
          error.status === 400 ||
          error.status === 429)
      ) {
        secondFactor.refuse(error.message);
      } else {
        notify.error(serverErrorOr(error, 'An error occurred. Please try again.'));
      }
    }
  };

  if (status === 'invalid') return <InvalidResetLink />;

  if (status === 'checking') {
    return (
      <AuthLayout title="Choose a new password">
        <LoadingState label="Checking your reset link..." />
      </AuthLayout>
    );
  }

  if (status === 'done') {
    return (
      <AuthLayout title="Password Updated!">
        <div className="rounded-2xl border border-green-100 bg-green-50 p-6 text-center" role="status">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-green-100 text-green-600">
            <CheckCircle2 className="size-6" aria-hidden="true" />
          </span>
          <p className="mt-4 text-sm text-green-900">Your password has been changed. Taking you to your dashboard...</p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="Use at least 6 characters. You'll be signed in right after.">
      <form className="space-y-5" onSubmit={handleSubmit((values) => reset(values, 'code'))} noValidate>
        <TextInput
          id="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password}
        />
        <TextInput
          id="confirmPassword"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          registration={register('confirmPassword')}
          error={errors.confirmPassword}
        />
        {twoFactorRequired && secondFactor.field('reset-second-factor')}
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Update Password
        </Button>
        {twoFactorRequired && passkeysSupported() && (
          <Button
            variant="secondary"
            size="lg"
            className="w-full"
            disabled={isSubmitting}
            onClick={() => void handleSubmit((values) => reset(values, 'passkey'))()}
          >
            Use a passkey instead
          </Button>
        )}
      </form>
    </AuthLayout>
  );
}
