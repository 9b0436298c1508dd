import { ErrorBoundary, LoadingErrorFallback } from '@kith/web-kit';
import { ContactsScreen } from './components/ContactsScreen.js';
import { contactsStore } from './store/contacts-store.js';
import './remote.css';

/** The `contacts/App` module the shell mounts at /contacts and /lists/:listId. */
export function App() {
  return (
    <ErrorBoundary
      fallback={({ retry }) => (
        <LoadingErrorFallback
          title="Contacts Loading Error"
          actionLabel="Reload Contacts"
          onAction={() => {
            void contactsStore.getState().load();
            retry();
          }}
        />
      )}
    >
      <ContactsScreen />
    </ErrorBoundary>
  );
}

export default App;
