/** One contact row joined with its list's summary, as every contact read returns it. */
export interface ContactRecord {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  notes: string | null;
  listId: string | null;
  customReminderDays: number | null;
  lastContactDate: Date | null;
  overdueAt: Date;
  reminderDate: Date | null;
  reminderNotes: string | null;
  createdAt: Date;
  updatedAt: Date;
  listName: string | null;
  listColor: string | null;
  listDescription: string | null;
  listReminderDays: number | null;
}
