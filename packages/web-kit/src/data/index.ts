/**
 * @kith/web-kit/data: the cache of server state and what writes through it, a Module Federation
 * singleton of its own beside @kith/web-kit. The sign-in pages load only the core, so TanStack
 * Query is fetched once someone is signed in. It reaches the core (API client, toasts, auth)
 * through the package's name, never a copy: one of each in the app.
 */
export { createQueryClient, queryClient } from './query-client.js';
export { contactsChanged, listsChanged, queryKeys } from './query-keys.js';
export { useContactActions } from './useContactActions.js';
export type { ContactedPreview } from './useContactActions.js';
export { ContactDialog } from './ContactDialog.js';
export type { ContactDialogProps } from './ContactDialog.js';
export { LogContactDialog } from './LogContactDialog.js';
export type { LogContactDialogProps } from './LogContactDialog.js';
export { StandaloneRemote } from '../dev/StandaloneRemote.js';
