import { DEMO_ACCOUNT, type SsoConfig, type TwoFactorChallengeResponse } from '@kith/contracts';
import { Button, ErrorBanner, LoadingState, api, notify, serverErrorOr, useAuthStore } from '@kith/web-kit';
import { KeyRound, Sparkles } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { AuthLayout } from '../auth/AuthLayout.js';
import { getPasskey, passkeysSupported, wasCancelled } from '../auth/passkey-ceremony.js';
import { EmailInput } from '../auth/EmailInput.js';
import { TextInput } from '../auth/TextInput.js';
import { schemaResolver } from '../auth/schema-resolver.js';

const LOGIN_FAILED = 'Failed to sign in. Please check your credentials.';

// Few accounts have two-factor sign-in: its step stays out of the login page's first download,
// and starts loading while the password is checked.
const loadTwoFactorStep = () => import(/* webpackChunkName: "page-login-2fa" */ '../auth/TwoFactorLoginStep.js');
const TwoFactorLoginStep = lazy(() => loadTwoFactorStep().then((module) => ({ default: module.TwoFactorLoginStep })));

export default function LoginPage() {
  const login = useAuthStore((state) => state.login);
  // The spec's message, shown once, in the form (the store keeps the server's reason for others).
  const [failed, setFailed] = useState(false);
  // Set when the password was right and the account wants a code (two-factor sign-in).
  const [challenge, setChallenge] = useState<TwoFactorChallengeResponse | null>(null);
  const [restartReason, setRestartReason] = useState<string | null>(null);
  const clearError = useAuthStore((state) => state.clearError);
  const navigate = useNavigate();
  // An error from an earlier attempt (or the other auth page) is not this page's error.
  useEffect(() => clearError(), [clearError]);
  const { register, handleSubmit, setValue, setFocus, formState } = useForm({
    resolver: schemaResolver('login'),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = async (credentials: { email: string; password: string }) => {
    setFailed(false);
    setRestartReason(null);
    void loadTwoFactorStep().catch(() => undefined);
    try {
      const outcome = await login(credentials);
      if (outcome.status === 'two-factor') {
        setChallenge(outcome.challenge);
        return;
      }
      notify.success('Login successful! Welcome back.');
      navigate('/dashboard', { replace: true });
    } catch {
      setFailed(true);
    }
  };

  // Single sign-on, when the server has a provider: its button starts the code flow there.
  const [sso, setSso] = useState<SsoConfig | null>(null);
  useEffect(() => {
    api.call('ssoConfig').then(setSso, () => undefined);
  }, []);
  const signInWithSso = async () => {
    setPasskeyBusy(true);
    try {
      window.location.assign((await api.call('ssoStart', { retry: false })).authorizationUrl);
    } catch (error) {
      setRestartReason(serverErrorOr(error, 'Could not start single sign-on'));
      setPasskeyBusy(false);
    }
  };

  // Usernameless: the browser offers the passkeys it holds for this site; no e-mail typed.
  const startSession = useAuthStore((state) => state.startSession);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const signInWithPasskey = async () => {
    setFailed(false);
    setRestartReason(null);
    setPasskeyBusy(true);
    try {
      const options = await api.call('passkeySignInOptions', { retry: false });
      const response = await getPasskey(options);
      startSession(await api.call('passkeySignIn', { body: { response }, retry: false }));
      notify.success('Login successful! Welcome back.');
      navigate('/dashboard', { replace: true });
    } catch (error) {
      if (!wasCancelled(error)) setRestartReason(serverErrorOr(error, 'Could not sign in with a passkey'));
    } finally {
      setPasskeyBusy(false);
    }
  };

  const useDemoAccount = () => {
    setValue('email', DEMO_ACCOUNT.email, { shouldValidate: true });
    setValue('password', DEMO_ACCOUNT.password, { shouldValidate: true });
  };

  if (challenge) {
    return (
      <Suspense
        fallback={
          <AuthLayout title="Two-factor sign-in">
            <LoadingState label="Loading..." />
          </AuthLayout>
        }
      >
        <TwoFactorLoginStep
          challenge={challenge}
          onRestart={(reason) => {
            setChallenge(null);
            setRestartReason(reason ?? null);
            setValue('password', '');
            // After the form is back on screen: the password is what comes next.
            setTimeout(() => setFocus('password'));
          }}
        />
      </Suspense>
    );
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to see who you should catch up with."
      footer={
        <>
          Don't have an account?{' '}
          <Link to="/register" className="font-semibold text-blue-600 hover:text-blue-700">
            Create one
          </Link>
        </>
      }
    >
      {failed && <ErrorBanner message={LOGIN_FAILED} onDismiss={() => setFailed(false)} />}
      {restartReason && !failed && <ErrorBanner message={restartReason} onDismiss={() => setRestartReason(null)} />}
      <form className="space-y-5" onSubmit={handleSubmit(onSubmit)} noValidate>
        <EmailInput registration={register('email')} error={errors.email} />
        <div>
          <TextInput
            id="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            registration={register('password')}
            error={errors.password}
          />
          <div className="mt-2 text-right">
            <Link to="/forgot-password" className="text-sm font-medium text-blue-600 hover:text-blue-700">
              Forgot your password?
            </Link>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Sign In
        </Button>
      </form>
      {passkeysSupported() && (
        <Button
          variant="secondary"
          size="lg"
          className="mt-3 w-full"
          loading={passkeyBusy}
          onClick={() => void signInWithPasskey()}
        >
          <KeyRound className="size-4" aria-hidden="true" /> Use a passkey
        </Button>
      )}
      {sso?.enabled && (
        <Button
          variant="secondary"
          size="lg"
          className="mt-3 w-full"
          loading={passkeyBusy}
          onClick={() => void signInWithSso()}
        >
          Sign in with {sso.providerName}
        </Button>
      )}
      <div className="mt-6 rounded-xl border border-blue-100 bg-blue-50/70 p-4 text-sm">
        <p className="flex items-center gap-2 font-semibold text-blue-900">
          <Sparkles className="size-4" aria-hidden="true" /> Just looking around?
        </p>
        <p className="mt-1 text-blue-800">
          Try the demo account with sample data: <span className="font-mono text-xs">{DEMO_ACCOUNT.email}</span>
        </p>
        <button type="button" onClick={useDemoAccount} className="mt-2 font-semibold text-blue-700 hover:text-blue-900">
          Use demo account →
        </button>
      </div>
    </AuthLayout>
  );
}
