/** A list row with its membership figures (grouped SQL over its contacts). */
export interface ListRecord {
  id: string;
  userId: string;
  name: string;
  description: string | null;
  color: string;
  reminderDays: number;
  keepInTouch: boolean;
  createdAt: Date;
  updatedAt: Date;
  contactCount: number;
  overdueCount: number;
  /** Only when asked for: every member's id, in name order. */
  contactIds?: string[];
}
