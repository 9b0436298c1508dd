export { ContactDialog } from './ContactDialog.js';
export type { ContactDialogProps } from './ContactDialog.js';
export { LogContactDialog } from './LogContactDialog.js';
export type { LogContactDialogProps } from './LogContactDialog.js';
export {
  buildLogRequest,
  isBeforeToday,
  isInFuture,
  parseLocalInput,
  quickDateTime,
  toLocalDateInput,
  toLocalDateTimeInput,
} from './log-contact.js';
