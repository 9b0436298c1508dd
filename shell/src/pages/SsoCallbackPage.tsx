import { isTwoFactorChallenge, type LoginResponse, type TwoFactorChallengeResponse } from '@kith/contracts';
import { ErrorBanner, LoadingState, api, notify, serverErrorOr, useAuthStore } from '@kith/web-kit';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthLayout } from '../auth/AuthLayout.js';

const TwoFactorLoginStep = lazy(() =>
  import(/* webpackChunkName: "page-login-2fa" */ '../auth/TwoFactorLoginStep.js').then((module) => ({
    default: module.TwoFactorLoginStep,
  })),
);

/**
 * Where the OpenID provider sends the browser back (`/login/sso?code=…&state=…`): the server
 * checks it against the sign-in this browser started and signs in (or asks for the second factor).
 */
export default function SsoCallbackPage() {
  const startSession = useAuthStore((state) => state.startSession);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallengeResponse | null>(null);
  // The provider's code works once: never send it twice (React runs effects twice in development).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const callbackQuery = window.location.search;
    window.history.replaceState(null, '', window.location.pathname);
    api
      .call('ssoCallback', { body: { callbackQuery: callbackQuery || '?' }, retry: false })
      .then((answer: LoginResponse) => {
        if (isTwoFactorChallenge(answer)) {
          setChallenge(answer);
          return;
        }
        startSession(answer);
        notify.success('Login successful! Welcome back.');
        navigate('/dashboard', { replace: true });
      })
      .catch((error: unknown) => setFailure(serverErrorOr(error, 'Single sign-on failed. Please try again.')));
  }, [navigate, startSession]);

  if (challenge) {
    return (
      <Suspense fallback={<LoadingState label="Loading..." />}>
        <TwoFactorLoginStep challenge={challenge} onRestart={() => navigate('/login', { replace: true })} />
      </Suspense>
    );
  }
  return (
    <AuthLayout
      title="Single sign-on"
      footer={
        <Link to="/login" className="font-semibold text-blue-600 hover:text-blue-700">
          Back to sign in
        </Link>
      }
    >
      {failure ? <ErrorBanner message={failure} /> : <LoadingState label="Signing you in..." />}
    </AuthLayout>
  );
}
