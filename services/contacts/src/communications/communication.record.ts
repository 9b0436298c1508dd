/** One row of the communications table (a contact's interaction), as the repository reads it. */
export interface CommunicationRecord {
  id: string;
  userId: string;
  contactId: string;
  type: string;
  timestamp: Date;
  notes: string | null;
  duration: number | null;
  createdAt: Date;
}
