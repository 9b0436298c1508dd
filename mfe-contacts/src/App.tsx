import { ErrorBoundary, LoadingErrorFallback } from '@kith/web-kit';
import { ContactsScreen } from './components/ContactsScreen.js';
import { contactsStore } from './store/contacts-store.js';
import './remote.css';

/** The `contacts/App` module the shell mounts at /contacts and /lists/:listId. */
export function App() {
  return (
    <ErrorBoundary
      onRetry={() => contactsStore.getState().load()}
      fallback={(retryState) => (
        <LoadingErrorFallback title="Contacts Loading Error" actionLabel="Reload Contacts" {...retryState} />
      )}
    >
      <ContactsScreen />
    </ErrorBoundary>
  );
}

export default App;
