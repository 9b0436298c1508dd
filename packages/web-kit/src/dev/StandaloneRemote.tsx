import { DEMO_ACCOUNT } from '@kith/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { announceRetry, configureApi, LoadingState, session, Toaster, useAuthStore } from '@kith/web-kit';
import { queryClient } from '../data/query-client.js';

/**
 * A remote on its own (`rsbuild dev` in its folder): the router, cache and toasts the shell would give
 * it, and a session — the stored one, else the demo account — so its screens can call the API.
 */
configureApi({ onRetry: announceRetry });

export function StandaloneRemote({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(() => Boolean(session.accessToken()));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (ready) return;
    useAuthStore
      .getState()
      .login({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })
      .then(() => setReady(true))
      .catch((reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)));
  }, [ready]);

  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Toaster />
          <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
            {error ? (
              <p role="alert" className="text-sm text-red-700">
                Could not sign in as the demo account: {error}
              </p>
            ) : ready ? (
              children
            ) : (
              <LoadingState label="Signing in as the demo account..." />
            )}
          </main>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>
  );
}
