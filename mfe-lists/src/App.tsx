import { ErrorBoundary, LoadingErrorFallback } from '@kith/web-kit';
import { ListsScreen } from './components/ListsScreen.js';
import './remote.css';

/** The `lists/App` module the shell mounts at /lists. A retry remounts the screen, which loads afresh. */
export function App() {
  return (
    <ErrorBoundary
      fallback={(retryState) => (
        <LoadingErrorFallback title="Lists Loading Error" actionLabel="Reload Lists" {...retryState} />
      )}
    >
      <ListsScreen />
    </ErrorBoundary>
  );
}

export default App;
