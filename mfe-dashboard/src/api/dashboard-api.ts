import { api } from '@kith/web-kit';
import {
  CONTACT_COUNT_REQUEST_LIMIT,
  DASHBOARD_OVERDUE_LIMIT,
  type Contact,
  LIST_SUMMARIES_QUERY,
  type ContactListSummary,
  type ContactSection,
  type ContactSectionsResponse,
  type ItemsResponse,
  type MessageResponse,
  type Paged,
  type TriggerDailyResult,
} from '@kith/contracts';

export interface DashboardData {
  totalContacts: number;
  overdue: Contact[];
  overdueTotal: number;
  /** Every overdue contact counted per list (the grouped section's '(n overdue)'), not only the ten shown. */
  overdueSections: ContactSection[];
  lists: ContactListSummary[];
}

export const dashboardApi = {
  /**
   * Everything the dashboard shows, in parallel: the contact count (limit 1), overdue (limit 10)
   * and their per-list counts, lists. The counts are the server's, so they agree with the
   * contacts screen's '/contacts' and '/contacts?filter=overdue'.
   */
  load: async (): Promise<DashboardData> => {
    const [contacts, overdue, sections, lists] = await Promise.all([
      api.get<Paged<Contact>>('/contacts', { query: { limit: CONTACT_COUNT_REQUEST_LIMIT } }),
      api.get<ItemsResponse<Contact>>('/contacts/overdue', { query: { limit: DASHBOARD_OVERDUE_LIMIT } }),
      api.get<ContactSectionsResponse>('/contacts/sections', { query: { filter: 'overdue' } }),
      api.get<ContactListSummary[]>('/lists', { query: LIST_SUMMARIES_QUERY }),
    ]);
    return {
      totalContacts: contacts.totalItems,
      overdue: overdue.items,
      overdueTotal: overdue.totalItems,
      overdueSections: sections.sections,
      lists,
    };
  },
  sendTestReminder: () => api.post<MessageResponse>('/notifications/test'),
  triggerDailyReminders: () => api.post<TriggerDailyResult>('/notifications/trigger-daily'),
};
