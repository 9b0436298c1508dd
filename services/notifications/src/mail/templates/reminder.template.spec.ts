import type { OverdueContactSummary } from '@kith/contracts';
import { NEVER_CONTACTED, renderReminderEmail } from './reminder.template.js';

const APP_URL = 'https://kith.example.org';

function contact(overrides: Partial<OverdueContactSummary>): OverdueContactSummary {
  return {
    _id: 'c1',
    firstName: 'Grace',
    lastName: 'Hopper',
    listName: 'Best Friends',
    listColor: '#ef4444',
    lastContactDate: '2026-01-01T00:00:00.000Z',
    reminderDays: 30,
    daysSinceLastContact: 42,
    daysOverdue: 12,
    ...overrides,
  };
}

describe('renderReminderEmail', () => {
  const never = contact({
    _id: 'c2',
    firstName: 'Alan',
    lastName: 'Turing',
    listName: null,
    listColor: null,
    lastContactDate: null,
    daysSinceLastContact: null,
    daysOverdue: null,
    reminderDays: 90,
  });

  it('says who is overdue, for how long and in which list, in HTML and plain text', () => {
    const sut = renderReminderEmail({
      recipient: { firstName: 'Ada' },
      contacts: [contact({}), never],
      totalOverdue: 2,
      appUrl: APP_URL,
      isTest: false,
    });

    expect(sut.subject).toBe('Kith: 2 contacts need attention');
    for (const part of [sut.html, sut.text]) {
      expect(part).toContain('Grace Hopper');
      expect(part).toContain('12 days overdue');
      expect(part).toContain('Best Friends');
      expect(part).toContain('Last contact 42 days ago · Monthly');
      expect(part).toContain('Alan Turing');
      expect(part).toContain(NEVER_CONTACTED);
      expect(part).toContain('No List');
      expect(part).toContain(`${APP_URL}/contacts?filter=overdue`);
    }
    expect(sut.html).toContain('href="https://kith.example.org/contacts?filter=overdue"');
    expect(sut.text).toMatch(/^Hi Ada,/);
    expect(sut.html).not.toContain('test reminder');
  });

  it('counts the contacts it does not list', () => {
    const sut = renderReminderEmail({
      recipient: { firstName: 'Ada' },
      contacts: [contact({})],
      totalOverdue: 26,
      appUrl: APP_URL,
      isTest: false,
    });
    expect(sut.text).toContain('...and 25 more contacts overdue.');
    expect(sut.html).toContain('…and 25 more contacts overdue.');
  });

  it('uses the singular for one contact and one day', () => {
    const sut = renderReminderEmail({
      recipient: { firstName: 'Ada' },
      contacts: [contact({ daysOverdue: 1, daysSinceLastContact: 31 })],
      totalOverdue: 1,
      appUrl: APP_URL,
      isTest: false,
    });
    expect(sut.subject).toBe('Kith: 1 contact needs attention');
    expect(sut.text).toContain('1 day overdue');
  });

  it('escapes names so contact data cannot inject markup', () => {
    const sut = renderReminderEmail({
      recipient: { firstName: '<b>Ada</b>' },
      contacts: [contact({ firstName: '<script>alert(1)</script>', listName: '"Friends" & co' })],
      totalOverdue: 1,
      appUrl: APP_URL,
      isTest: false,
    });
    expect(sut.html).not.toContain('<script>');
    expect(sut.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(sut.html).toContain('&quot;Friends&quot; &amp; co');
    expect(sut.html).toContain('Hi &lt;b&gt;Ada&lt;/b&gt;');
    expect(sut.text).toContain('<script>alert(1)</script>');
  });

  it('marks a test reminder and says when nothing is overdue', () => {
    const sut = renderReminderEmail({
      recipient: { firstName: 'Ada' },
      contacts: [],
      totalOverdue: 0,
      appUrl: APP_URL,
      isTest: true,
    });
    expect(sut.subject).toBe("[Test] Kith: you're all caught up");
    for (const part of [sut.html.replaceAll('&#39;', "'"), sut.text]) {
      expect(part).toContain('This is a test reminder');
      expect(part).toMatch(/nothing is overdue right now/i);
      expect(part).toContain("you're all caught up!");
      expect(part).toContain(`${APP_URL}/dashboard`);
    }
  });
});

describe('the order of the people listed', () => {
  it('keeps the order given (most important first, ranked by the contacts service), never-contacted included', () => {
    const sut = renderReminderEmail({
      recipient: { firstName: 'Ada' },
      contacts: [
        contact({ _id: 'a', firstName: 'Late', lastName: 'Family', daysOverdue: 3 }),
        contact({ _id: 'c', firstName: 'Old', lastName: 'Colleague', daysOverdue: 40 }),
        contact({ _id: 'b', firstName: 'Imported', lastName: 'Card', lastContactDate: null, daysOverdue: null }),
      ],
      totalOverdue: 3,
      appUrl: APP_URL,
      isTest: false,
    });
    const order = ['Late Family', 'Old Colleague', 'Imported Card'].map((name) => sut.text.indexOf(name));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
  });

  it("carries one-click links per contact, the pause link and today's scheduled reminders", () => {
    const links = new Map([
      ['c1', { markContacted: `${APP_URL}/email-action/mark`, snooze: `${APP_URL}/email-action/snooze` }],
    ]);
    const sut = renderReminderEmail({
      recipient: { firstName: 'Ada' },
      contacts: [contact({})],
      totalOverdue: 1,
      appUrl: APP_URL,
      isTest: false,
      actionLinks: links,
      pauseUrl: `${APP_URL}/email-action/pause`,
      scheduled: [
        {
          _id: 'c9',
          firstName: 'Alan',
          lastName: 'Kay',
          reminderDate: '2026-11-23T00:00:00.000Z',
          reminderNotes: 'Ask about <Smalltalk>',
        },
      ],
    });
    expect(sut.html).toContain(`<a href="${APP_URL}/email-action/mark"`);
    expect(sut.html).toContain('>Mark as contacted</a>');
    expect(sut.html).toContain('>Snooze 1 week</a>');
    expect(sut.html).toContain(`href="${APP_URL}/email-action/pause"`);
    expect(sut.html).toContain('Ask about &lt;Smalltalk&gt;');
    expect(sut.text).toContain(`  Mark as contacted: ${APP_URL}/email-action/mark`);
    expect(sut.text).toContain(`  Snooze 1 week: ${APP_URL}/email-action/snooze`);
    expect(sut.text).toContain(`Pause reminder e-mails: ${APP_URL}/email-action/pause`);
    expect(sut.text).toContain('Scheduled for today:\n- Alan Kay: Ask about <Smalltalk>');
  });

  it('is sent for scheduled reminders alone, with nothing overdue', () => {
    const sut = renderReminderEmail({
      recipient: { firstName: 'Ada' },
      contacts: [],
      totalOverdue: 0,
      appUrl: APP_URL,
      isTest: false,
      scheduled: [
        {
          _id: 'c9',
          firstName: 'Alan',
          lastName: 'Kay',
          reminderDate: '2026-11-23T00:00:00.000Z',
          reminderNotes: null,
        },
      ],
    });
    expect(sut.subject).toBe('Kith: 1 reminder for today');
    expect(sut.text).toContain('- Alan Kay');
  });

  it('carries overdue contacts with their links, birthdays and scheduled reminders in one e-mail', () => {
    const links = new Map([
      ['c1', { markContacted: `${APP_URL}/email-action/mark`, snooze: `${APP_URL}/email-action/snooze` }],
    ]);
    const sut = renderReminderEmail({
      recipient: { firstName: 'Ada' },
      contacts: [contact({})],
      totalOverdue: 1,
      appUrl: APP_URL,
      isTest: false,
      actionLinks: links,
      pauseUrl: `${APP_URL}/email-action/pause`,
      scheduled: [
        {
          _id: 'c9',
          firstName: 'Alan',
          lastName: 'Kay',
          reminderDate: '2026-11-23T00:00:00.000Z',
          reminderNotes: null,
        },
      ],
      birthdays: [
        {
          _id: 'b1',
          firstName: 'Betty',
          lastName: 'Holberton',
          birthday: '1917-03-07',
          date: '2026-03-07',
          daysUntil: 0,
          age: 109,
        },
      ],
    });
    expect(sut.subject).toBe('Kith: 1 contact needs attention');
    for (const body of [sut.html, sut.text]) {
      expect(body).toContain('Grace Hopper');
      expect(body).toContain('Alan Kay');
      expect(body).toContain('Betty Holberton');
      expect(body).toContain(`${APP_URL}/email-action/mark`);
      expect(body).toContain(`${APP_URL}/email-action/pause`);
    }
    expect(sut.text).toContain('Scheduled for today:\n- Alan Kay');
    expect(sut.text).toContain(`Birthdays:\n- Betty Holberton: Today`);
  });

  it('leads with a birthday when nothing is overdue, and still lists the scheduled reminders', () => {
    const sut = renderReminderEmail({
      recipient: { firstName: 'Ada' },
      contacts: [],
      totalOverdue: 0,
      appUrl: APP_URL,
      isTest: false,
      scheduled: [
        {
          _id: 'c9',
          firstName: 'Alan',
          lastName: 'Kay',
          reminderDate: '2026-11-23T00:00:00.000Z',
          reminderNotes: 'Call',
        },
      ],
      birthdays: [
        {
          _id: 'b1',
          firstName: 'Betty',
          lastName: 'Holberton',
          birthday: '--03-07',
          date: '2026-03-07',
          daysUntil: 1,
          age: null,
        },
      ],
    });
    expect(sut.html).toContain('Betty Holberton&#39;s birthday is tomorrow');
    expect(sut.text).toContain('Scheduled for today:\n- Alan Kay: Call');
  });
});
