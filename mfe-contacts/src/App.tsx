import { ErrorBoundary, LoadingErrorFallback } from '@kith/web-kit';
import { ContactsScreen } from './components/ContactsScreen.js';
import './remote.css';

/** The `contacts/App` module the shell mounts at /contacts and /lists/:listId. A retry remounts the screen, which loads afresh. */
export function App() {
  return (
    <ErrorBoundary
      fallback={(retryState) => (
        <LoadingErrorFallback title="Contacts Loading Error" actionLabel="Reload Contacts" {...retryState} />
      )}
    >
      <ContactsScreen />
    </ErrorBoundary>
  );
}

export default App;
