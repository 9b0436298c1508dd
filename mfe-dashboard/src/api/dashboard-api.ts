import { api } from '@kith/web-kit';
import {
  CONTACT_COUNT_REQUEST_LIMIT,
  DASHBOARD_OVERDUE_LIMIT,
  type Contact,
  type ContactList,
  type ItemsResponse,
  type MessageResponse,
  type Paged,
  type TriggerDailyResult,
} from '@kith/contracts';

export interface DashboardData {
  totalContacts: number;
  overdue: Contact[];
  overdueTotal: number;
  lists: ContactList[];
}

export const dashboardApi = {
  /** Everything the dashboard shows, in parallel: the contact count (limit 1), overdue (limit 10), lists. */
  load: async (): Promise<DashboardData> => {
    const [contacts, overdue, lists] = await Promise.all([
      api.get<Paged<Contact>>('/contacts', { query: { limit: CONTACT_COUNT_REQUEST_LIMIT } }),
      api.get<ItemsResponse<Contact>>('/contacts/overdue', { query: { limit: DASHBOARD_OVERDUE_LIMIT } }),
      api.get<ContactList[]>('/lists'),
    ]);
    return { totalContacts: contacts.totalItems, overdue: overdue.items, overdueTotal: overdue.totalItems, lists };
  },
  sendTestReminder: () => api.post<MessageResponse>('/notifications/test'),
  triggerDailyReminders: () => api.post<TriggerDailyResult>('/notifications/trigger-daily'),
};
