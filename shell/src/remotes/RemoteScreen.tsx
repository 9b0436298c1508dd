import { ErrorBoundary, LoadingErrorFallback, LoadingState } from '@kith/web-kit';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemoteApp, type RemoteModule, type RemoteName } from './remote-registry.js';

/** Each remote's named fallback and the text shown while its code arrives. */
const REMOTE_SCREENS: Record<RemoteName, { errorTitle: string; reloadLabel: string; loadingLabel: string }> = {
  dashboard: {
    errorTitle: 'Dashboard Loading Error',
    reloadLabel: 'Reload Dashboard',
    loadingLabel: 'Loading dashboard...',
  },
  contacts: {
    errorTitle: 'Contacts Loading Error',
    reloadLabel: 'Reload Contacts',
    loadingLabel: 'Loading contacts...',
  },
  lists: { errorTitle: 'Lists Loading Error', reloadLabel: 'Reload Lists', loadingLabel: 'Loading lists...' },
};

const remoteApps = new Map<string, LazyExoticComponent<ComponentType>>();

const remoteKey = (name: RemoteName, module: RemoteModule) => `${name}/${module}`;

function remoteApp(name: RemoteName, module: RemoteModule) {
  const key = remoteKey(name, module);
  let app = remoteApps.get(key);
  if (!app) {
    app = lazy(() => loadRemoteApp(name, module));
    remoteApps.set(key, app);
  }
  return app;
}

/** Resolved at render time, so a retry after a failed fetch asks for the remote again. */
function RemoteApp({ name, module }: { name: RemoteName; module: RemoteModule }) {
  const App = remoteApp(name, module);
  return <App />;
}

/**
 * A remote's screen inside the shell. If the remote cannot be fetched or crashes, its own area
 * shows the named fallback with the retry flow; the header and the other screens keep working.
 */
export function RemoteScreen({ name, module = 'App' }: { name: RemoteName; module?: RemoteModule }) {
  const screen = REMOTE_SCREENS[name];
  return (
    <ErrorBoundary
      resetKeys={[name, module]}
      // A lazy component remembers its failure: forget it so the retry fetches the remote again.
      onRetry={() => remoteApps.delete(remoteKey(name, module))}
      fallback={(retryState) => (
        <LoadingErrorFallback
          title={screen.errorTitle}
          message="This part of Kith could not be loaded. The rest of the app still works."
          actionLabel={screen.reloadLabel}
          {...retryState}
        />
      )}
    >
      <Suspense fallback={<LoadingState label={screen.loadingLabel} />}>
        <RemoteApp name={name} module={module} />
      </Suspense>
    </ErrorBoundary>
  );
}
