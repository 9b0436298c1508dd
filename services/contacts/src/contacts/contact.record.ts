import type { ContactBasics, ContactDetails } from '@kith/contracts';

/** One contact row joined with its list's summary, as every contact read returns it. */
export interface ContactRecord extends ContactBasics, ContactDetails {
  id: string;
  userId: string;
  listId: string | null;
  customReminderDays: number | null;
  lastContactDate: Date | null;
  keepInTouch: boolean;
  overdueAt: Date | null;
  reminderDate: Date | null;
  reminderNotes: string | null;
  snoozedUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
  listName: string | null;
  listColor: string | null;
  listDescription: string | null;
  listReminderDays: number | null;
  listKeepInTouch: boolean | null;
}
