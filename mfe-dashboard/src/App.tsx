import { ErrorBoundary, LoadingErrorFallback } from '@kith/web-kit';
import { DashboardScreen } from './components/DashboardScreen.js';
import './remote.css';

/** The `dashboard/App` module the shell mounts at /dashboard. A retry remounts the screen, which loads afresh. */
export function App() {
  return (
    <ErrorBoundary
      fallback={(retryState) => (
        <LoadingErrorFallback title="Dashboard Loading Error" actionLabel="Reload Dashboard" {...retryState} />
      )}
    >
      <DashboardScreen />
    </ErrorBoundary>
  );
}

export default App;
