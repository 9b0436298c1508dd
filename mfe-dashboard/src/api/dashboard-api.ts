import { api } from '@kith/web-kit';
import {
  CONTACT_COUNT_REQUEST_LIMIT,
  DASHBOARD_OVERDUE_LIMIT,
  type Contact,
  LIST_SUMMARIES_QUERY,
  type ContactListSummary,
  type ContactSection,
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
      api.call('listContacts', { query: { limit: CONTACT_COUNT_REQUEST_LIMIT } }),
      api.call('listOverdueContacts', { query: { limit: DASHBOARD_OVERDUE_LIMIT } }),
      api.call('listContactSections', { query: { filter: 'overdue' } }),
      api.call('listLists', { query: LIST_SUMMARIES_QUERY }),
    ]);
    return {
      totalContacts: contacts.totalItems,
      overdue: overdue.items,
      overdueTotal: overdue.totalItems,
      overdueSections: sections.sections,
      lists,
    };
  },
  sendTestReminder: () => api.call('sendTestReminder'),
  triggerDailyReminders: () => api.call('triggerDailyReminders'),
};
