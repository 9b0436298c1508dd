import { ErrorBoundary, LoadingErrorFallback } from '@kith/web-kit';
import { DashboardScreen } from './components/DashboardScreen.js';
import './remote.css';

/** The `dashboard/App` module the shell mounts at /dashboard. */
export function App() {
  return (
    <ErrorBoundary
      fallback={({ retry }) => (
        <LoadingErrorFallback title="Dashboard Loading Error" actionLabel="Reload Dashboard" onAction={retry} />
      )}
    >
      <DashboardScreen />
    </ErrorBoundary>
  );
}

export default App;
