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
