import { effectiveReminderDays, isOverdue, MS_PER_DAY, overdueAt } from '@kith/contracts';
import { DEMO_CONTACTS, DEMO_LISTS } from './demo-data.js';

describe('demo data', () => {
  const now = new Date();
  const states = DEMO_CONTACTS.map((contact) => {
    const listDays = DEMO_LISTS.find((list) => list.key === contact.list)?.reminderDays ?? null;
    const lastContactDate = contact.interactions.length
      ? new Date(now.getTime() - contact.interactions[0].daysAgo * MS_PER_DAY)
      : null;
    const subject = {
      lastContactDate,
      customReminderDays: contact.customReminderDays ?? null,
      listReminderDays: listDays,
    };
    const dueInDays =
      (overdueAt(lastContactDate, effectiveReminderDays(subject.customReminderDays, listDays)).getTime() -
        now.getTime()) /
      MS_PER_DAY;
    return {
      overdue: isOverdue(subject, now),
      dueSoon: !isOverdue(subject, now) && dueInDays <= 7,
      recent: lastContactDate != null && contact.interactions[0].daysAgo <= 7,
    };
  });

  it('has about 15 contacts in several lists', () => {
    expect(DEMO_CONTACTS.length).toBeGreaterThanOrEqual(12);
    expect(DEMO_LISTS.length).toBeGreaterThanOrEqual(3);
  });

  it('shows every reminder state: overdue, due soon and recently contacted', () => {
    expect(states.filter((state) => state.overdue).length).toBeGreaterThanOrEqual(3);
    expect(states.filter((state) => state.dueSoon).length).toBeGreaterThanOrEqual(2);
    expect(states.filter((state) => state.recent).length).toBeGreaterThanOrEqual(2);
  });

  it('lists interactions newest first', () => {
    for (const contact of DEMO_CONTACTS) {
      const days = contact.interactions.map((interaction) => interaction.daysAgo);
      expect(days).toEqual([...days].sort((a, b) => a - b));
    }
  });
});
