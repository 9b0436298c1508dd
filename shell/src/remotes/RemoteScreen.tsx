import { ErrorBoundary, LoadingErrorFallback, LoadingState } from '@kith/web-kit';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemoteApp, type RemoteName } from './remote-registry.js';

/** Each remote's named fallback (spec §2) and the text shown while its code arrives. */
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

const remoteApps = new Map<RemoteName, LazyExoticComponent<ComponentType>>();

function remoteApp(name: RemoteName) {
  let app = remoteApps.get(name);
  if (!app) {
    app = lazy(() => loadRemoteApp(name));
    remoteApps.set(name, app);
  }
  return app;
}

/**
 * A remote's screen inside the shell. If the remote cannot be fetched or crashes, its own area
 * shows the named fallback with a reload action; the header and the other screens keep working.
 */
export function RemoteScreen({ name }: { name: RemoteName }) {
  const screen = REMOTE_SCREENS[name];
  const App = remoteApp(name);
  return (
    <ErrorBoundary
      resetKeys={[name]}
      fallback={() => (
        <LoadingErrorFallback
          title={screen.errorTitle}
          message="This part of Kith could not be loaded. The rest of the app still works."
          actionLabel={screen.reloadLabel}
        />
      )}
    >
      <Suspense fallback={<LoadingState label={screen.loadingLabel} />}>
        <App />
      </Suspense>
    </ErrorBoundary>
  );
}
