import { ErrorBoundary, LoadingErrorFallback } from '@kith/web-kit';
import { ContactPage } from './components/ContactPage.js';
import './remote.css';

/** The `contacts/ContactPage` module the shell mounts at /contacts/:contactId. */
export function ContactPageApp() {
  return (
    <ErrorBoundary
      fallback={(retryState) => (
        <LoadingErrorFallback title="Contact Loading Error" actionLabel="Reload Contact" {...retryState} />
      )}
    >
      <ContactPage />
    </ErrorBoundary>
  );
}

export default ContactPageApp;
