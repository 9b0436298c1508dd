import { SSO_CALLBACK_PATH } from '@kith/contracts';
import { ErrorBoundary, useAuthStore } from '@kith/web-kit';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { FullPageSpinner } from './components/FullPageSpinner.js';
import { DocumentTitle } from './layout/DocumentTitle.js';
import { LandingPage } from './pages/LandingPage.js';

// Only the landing page ships in the first bundle; every other screen is fetched when visited.
const LoginPage = lazy(() => import(/* webpackChunkName: "page-login" */ './pages/LoginPage.js'));
const RegisterPage = lazy(() => import(/* webpackChunkName: "page-register" */ './pages/RegisterPage.js'));
const ForgotPasswordPage = lazy(() => import(/* webpackChunkName: "page-forgot" */ './pages/ForgotPasswordPage.js'));
const ResetPasswordPage = lazy(() => import(/* webpackChunkName: "page-reset" */ './pages/ResetPasswordPage.js'));
const EmailActionPage = lazy(() => import(/* webpackChunkName: "page-email-action" */ './pages/EmailActionPage.js'));
const ConfirmEmailPage = lazy(() => import(/* webpackChunkName: "page-confirm-email" */ './pages/ConfirmEmailPage.js'));
const SsoCallbackPage = lazy(() => import(/* webpackChunkName: "page-sso" */ './pages/SsoCallbackPage.js'));
const SignedInApp = lazy(() => import(/* webpackChunkName: "signed-in" */ './layout/SignedInApp.js'));

/** Protected routes: anyone not signed in goes to the landing page. */
function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  return isAuthenticated ? children : <Navigate to="/" replace />;
}

/** Sign-in screens make no sense for someone already signed in. */
function GuestOnly({ children }: { children: ReactNode }) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  return isAuthenticated ? <Navigate to="/dashboard" replace /> : children;
}

export function App() {
  const [authChecked, setAuthChecked] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    void useAuthStore
      .getState()
      .checkAuth()
      .finally(() => setAuthChecked(true));
  }, []);

  if (!authChecked) return <FullPageSpinner label="Checking authentication..." />;

  // The app-level boundary: a crash in any page (settings, sign-in pages) shows the retry flow
  // instead of a blank screen; moving to another page starts afresh.
  return (
    <ErrorBoundary resetKeys={[pathname]}>
      <DocumentTitle />
      <Suspense fallback={<FullPageSpinner label="Loading..." />}>
        <Routes>
          <Route
            path="/"
            element={
              <GuestOnly>
                <LandingPage />
              </GuestOnly>
            }
          />
          <Route
            path="/login"
            element={
              <GuestOnly>
                <LoginPage />
              </GuestOnly>
            }
          />
          {/* Where the OpenID provider sends the browser back (single sign-on). */}
          <Route path={SSO_CALLBACK_PATH} element={<SsoCallbackPage />} />
          <Route
            path="/register"
            element={
              <GuestOnly>
                <RegisterPage />
              </GuestOnly>
            }
          />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          {/* One-click links from reminder e-mails work signed in or not. */}
          <Route path="/email-action/:token" element={<EmailActionPage />} />
          {/* Links of confirmation mails (a new account's address, a new address) work signed in or not. */}
          <Route path="/confirm-email" element={<ConfirmEmailPage />} />
          <Route
            path="/*"
            element={
              <RequireAuth>
                <SignedInApp />
              </RequireAuth>
            }
          />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
