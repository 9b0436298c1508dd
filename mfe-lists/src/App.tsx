import { ErrorBoundary, LoadingErrorFallback } from '@kith/web-kit';
import { ListsScreen } from './components/ListsScreen.js';
import { listsStore } from './store/lists-store.js';
import './remote.css';

/** The `lists/App` module the shell mounts at /lists. */
export function App() {
  return (
    <ErrorBoundary
      onRetry={() => listsStore.getState().load()}
      fallback={(retryState) => (
        <LoadingErrorFallback title="Lists Loading Error" actionLabel="Reload Lists" {...retryState} />
      )}
    >
      <ListsScreen />
    </ErrorBoundary>
  );
}

export default App;
