export { ContactDialog } from './ContactDialog.js';
export type { ContactDialogProps } from './ContactDialog.js';
export { LogContactDialog } from './LogContactDialog.js';
export type { LogContactDialogProps } from './LogContactDialog.js';
export {
  buildLogRequest,
  endOfTodayInput,
  isBeforeToday,
  parseLocalInput,
  quickDateTime,
  toLocalDateInput,
  toLocalDateTimeInput,
} from './log-contact.js';
export { COMMUNICATION_TYPE_ICONS, CommunicationTypePicker } from './CommunicationTypePicker.js';
export type { CommunicationTypePickerProps } from './CommunicationTypePicker.js';
