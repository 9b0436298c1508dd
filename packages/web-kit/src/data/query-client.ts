import { QueryClient, type QueryClient as QueryClientType } from '@tanstack/react-query';
import { useAuthStore } from '@kith/web-kit';

/**
 * A cache of server state as the app uses it: the API client already retries by the spec's
 * presets and reports failures itself, so the cache never retries, and it asks whatever the
 * browser thinks of the network (the client turns an unreachable server into an error).
 */
export function createQueryClient(): QueryClientType {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * The app's one cache: web-kit is a Module Federation singleton, so the shell and every remote
 * share it, and a change saved in one remote is seen by the others.
 */
export const queryClient = createQueryClient();

// Signed out (or the session expired): nothing of that account stays in memory for the next one.
useAuthStore.subscribe((state) => {
  if (!state.isAuthenticated) queryClient.clear();
});
