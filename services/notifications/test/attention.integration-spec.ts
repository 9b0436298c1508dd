import { DEFAULT_NOTIFICATION_SETTINGS, MAX_CONTACTS_PER_EMAIL } from '@kith/contracts';
import { call, type RegisteredUser, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { SmtpSink } from './smtp-sink.js';
import { daysAgo } from './support.js';

// Issue 28 through the whole stack (gateway, contacts, notifications, a real SMTP server):
// keep-in-touch off in every place a contact can be overdue, the import's reminder choices, and
// the daily e-mail's order (most important first) and length (the user's setting).

/** Never fires during the tests: runs here are triggered by hand. */
const FAR_AWAY_CRON = '0 0 1 1 *';

let stack: TestStack;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await SmtpSink.start();
  stack = await startTestStack({
    services: ['auth', 'contacts', 'notifications', 'gateway'],
    env: {
      SMTP_URL: sink.url,
      DAILY_REMINDER_CRON: FAR_AWAY_CRON,
      OUTBOX_POLL_MS: '200',
    },
  });
  // The instance's first account is its operator; the users below trigger their own runs.
  await stack.registerUser();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await sink?.down();
});

function apiFor(user: RegisteredUser) {
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(stack.gatewayUrl, method, `/api${path}`, { headers: { ...user.authHeader, ...headers }, body });
  return {
    get: (path: string) => request('GET', path),
    post: (path: string, body?: unknown) => request('POST', path, body ?? {}),
    put: (path: string, body: unknown) => request('PUT', path, body),
    postWithStepUp: async (path: string) => request('POST', path, {}, await stack.stepUpHeader(user)),
  };
}
type Api = ReturnType<typeof apiFor>;

async function created(answer: Promise<{ status: number; body: any }>) {
  const { status, body } = await answer;
  expect({ status, error: body.error }).toEqual({ status: 201, error: undefined });
  return body.data;
}

const names = (items: { firstName: string; lastName: string }[]) =>
  items.map((item) => `${item.firstName} ${item.lastName}`).sort();

/** Every count and page that says who is overdue, as the screens, the dashboard and the digest read them. */
async function overdueEverywhere(api: Api, feedUrl: string) {
  const [page, overdue, sections, lists, stats] = await Promise.all([
    api.get('/contacts?filter=overdue&limit=100'),
    api.get('/contacts/overdue?limit=10'),
    api.get('/contacts/sections?filter=overdue'),
    api.get('/lists?withContactIds=false'),
    api.get('/notifications/stats'),
  ]);
  const feed = await (await fetch(feedUrl.replace(/^https?:\/\/[^/]+/, stack.gatewayUrl))).text();
  return {
    screen: { total: page.body.data.totalItems, names: names(page.body.data.items) },
    dashboard: { total: overdue.body.data.totalItems, names: names(overdue.body.data.items) },
    sections: Object.fromEntries(
      sections.body.data.sections.map((section: { name: string; overdueCount: number }) => [
        section.name,
        section.overdueCount,
      ]),
    ),
    lists: Object.fromEntries(
      lists.body.data.map((list: { name: string; overdueCount: number }) => [list.name, list.overdueCount]),
    ),
    stats: stats.body.data.overdueCount,
    feedDueEvents: [...feed.matchAll(/UID:due-([0-9a-f-]+)@kith/g)].map((match) => match[1]).sort(),
  };
}

describe('keep in touch, or not', () => {
  it('leaves a contact (or a list) switched off out of every count, page, feed and e-mail, and back in when on', async () => {
    const user = await stack.registerUser();
    const api = apiFor(user);
    const family = await created(api.post('/lists', { name: 'Family', color: '#ef4444', reminderDays: 7 }));
    const services = await created(
      api.post('/lists', { name: 'Services', color: '#6b7280', reminderDays: 30, keepInTouch: false }),
    );
    expect(family.keepInTouch).toBe(true);
    expect(services.keepInTouch).toBe(false);

    const kept = await created(api.post('/contacts', { firstName: 'Kept', lastName: 'Cousin', listId: family._id }));
    const off = await created(api.post('/contacts', { firstName: 'Off', lastName: 'Dentist', keepInTouch: false }));
    const inOffList = await created(
      api.post('/contacts', { firstName: 'Listed', lastName: 'Plumber', listId: services._id }),
    );
    const ownInterval = await created(
      api.post('/contacts', {
        firstName: 'Own',
        lastName: 'Accountant',
        listId: services._id,
        customReminderDays: 7,
        lastContactDate: daysAgo(30),
      }),
    );
    expect(off).toMatchObject({ keepInTouch: false, isOverdue: false, daysOverdue: null });
    expect(inOffList).toMatchObject({ keepInTouch: true, isOverdue: false });
    expect(ownInterval).toMatchObject({ keepInTouch: true, isOverdue: true, daysOverdue: 23 });
    expect(kept).toMatchObject({ keepInTouch: true, isOverdue: true });

    const feedUrl: string = (await api.postWithStepUp('/calendar/feed')).body.data.url;
    expect(await overdueEverywhere(api, feedUrl)).toEqual({
      screen: { total: 2, names: ['Kept Cousin', 'Own Accountant'] },
      dashboard: { total: 2, names: ['Kept Cousin', 'Own Accountant'] },
      sections: { Family: 1, Services: 1 },
      lists: { Family: 1, Services: 1 },
      stats: 2,
      feedDueEvents: [kept._id, ownInterval._id].sort(),
    });

    // The digest: the daily e-mail names the two kept in touch with, and only them.
    expect((await api.post('/notifications/trigger-daily')).status).toBe(200);
    const [mail] = await sink.waitFor(user.user.email, {
      matching: (candidate) => candidate.subject === 'Kith: 2 contacts need attention',
    });
    for (const part of [mail!.text!, mail!.html as string]) {
      expect(part).toContain('Kept Cousin');
      expect(part).toContain('Own Accountant');
      expect(part).not.toContain('Off Dentist');
      expect(part).not.toContain('Listed Plumber');
    }

    // Switched on again (the contact, then the list), they are overdue everywhere at once; the card
    // itself (the vCard export but for its REV, the CardDAV change number and so the ETag) does not change.
    const exported = () =>
      fetch(`${stack.gatewayUrl}/api/contacts/export.vcf`, { headers: user.authHeader })
        .then((answer) => answer.text())
        // REV is when the contact last changed (any change); everything else is the card.
        .then((text) => text.replace(/^REV:.*\r\n/gm, ''));
    const revision = async () =>
      (
        await sql<{ revision: string }>(
          stack.databaseUrls.contacts,
          'SELECT sync_revision::text AS revision FROM contacts WHERE id = $1',
          [off._id],
        )
      )[0]!.revision;
    const [cardsBefore, revisionBefore] = [await exported(), await revision()];
    expect(cardsBefore).toContain('FN:Off Dentist');
    expect((await api.put(`/contacts/${off._id}`, { keepInTouch: true })).body.data).toMatchObject({
      keepInTouch: true,
      isOverdue: true,
    });
    expect(await exported()).toBe(cardsBefore);
    expect(await revision()).toBe(revisionBefore);
    expect((await api.put(`/lists/${services._id}`, { keepInTouch: true })).body.data).toMatchObject({
      keepInTouch: true,
      overdueCount: 2,
    });
    expect(await overdueEverywhere(api, feedUrl)).toEqual({
      screen: { total: 4, names: ['Kept Cousin', 'Listed Plumber', 'Off Dentist', 'Own Accountant'] },
      dashboard: { total: 4, names: ['Kept Cousin', 'Listed Plumber', 'Off Dentist', 'Own Accountant'] },
      sections: { Family: 1, Services: 2, 'No List': 1 },
      lists: { Family: 1, Services: 2 },
      stats: 4,
      feedDueEvents: [kept._id, off._id, inOffList._id, ownInterval._id].sort(),
    });

    // Off again on the list: its member with its own interval stays overdue; the other does not.
    await api.put(`/lists/${services._id}`, { keepInTouch: false });
    const after = await overdueEverywhere(api, feedUrl);
    expect(after.screen.names).toEqual(['Kept Cousin', 'Off Dentist', 'Own Accountant']);
    expect(after.lists).toEqual({ Family: 1, Services: 1 });
    expect(after.feedDueEvents).toEqual([kept._id, off._id, ownInterval._id].sort());
  });

  it('refuses a keepInTouch that is not a boolean, naming the field', async () => {
    const api = apiFor(await stack.registerUser());
    const answer = await api.post('/contacts', { firstName: 'Bad', lastName: 'Switch', keepInTouch: 'no' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('keepInTouch');
    const list = await api.post('/lists', { name: 'Bad', keepInTouch: 1 });
    expect(list.status).toBe(400);
    expect(JSON.stringify(list.body)).toContain('keepInTouch');
  });
});

describe('imports that do not flood', () => {
  const cards = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, index) => ({
      firstName: prefix,
      lastName: `Card${String(index).padStart(3, '0')}`,
      email: `${prefix.toLowerCase()}${index}@cards.test`,
    }));

  it('stores each choice as asked: later (not kept in touch), from today, from history, and the synonym', async () => {
    const user = await stack.registerUser();
    const api = apiFor(user);
    const confirm = async (body: Record<string, unknown>) => {
      const answer = await api.post('/contacts/import/confirm', body);
      expect(answer.status).toBe(200);
      return answer.body.data;
    };
    const overdueCount = async () => (await api.get('/contacts?filter=overdue&limit=1')).body.data.totalItems;

    expect(await confirm({ contacts: cards('Later', 60), remind: 'later' })).toEqual({ imported: 60, skipped: 0 });
    expect(await overdueCount()).toBe(0);
    const later = (await api.get('/contacts?search=later59@cards&limit=1')).body.data.items[0];
    expect(later).toMatchObject({ keepInTouch: false, isOverdue: false, lastContactDate: null });

    expect(await confirm({ contacts: cards('Today', 5), remind: 'from-today' })).toEqual({ imported: 5, skipped: 0 });
    expect(await confirm({ contacts: cards('Synonym', 5), startTimersToday: true })).toEqual({
      imported: 5,
      skipped: 0,
    });
    expect(await overdueCount()).toBe(0);
    for (const search of ['today4@cards', 'synonym4@cards']) {
      const contact = (await api.get(`/contacts?search=${search}&limit=1`)).body.data.items[0];
      expect(contact).toMatchObject({ keepInTouch: true, isOverdue: false, daysSinceLastContact: 0 });
      expect(Date.now() - Date.parse(contact.lastContactDate)).toBeLessThan(60_000);
    }

    expect(await confirm({ contacts: cards('History', 3), remind: 'from-history' })).toEqual({
      imported: 3,
      skipped: 0,
    });
    expect(await confirm({ contacts: cards('Neither', 2) })).toEqual({ imported: 2, skipped: 0 });
    expect(await overdueCount()).toBe(5);
    // 'remind' decides when both are given.
    expect(await confirm({ contacts: cards('Both', 2), remind: 'later', startTimersToday: true })).toEqual({
      imported: 2,
      skipped: 0,
    });
    expect(await overdueCount()).toBe(5);
  });

  it('refuses an unknown choice, naming the field', async () => {
    const api = apiFor(await stack.registerUser());
    const answer = await api.post('/contacts/import/confirm', { contacts: cards('Bad', 1), remind: 'someday' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('remind must be one of later, from-today, from-history');
  });
});

describe('the daily e-mail: most important first, at most N', () => {
  it('lists the latest for their interval first, never-contacted imports last, up to the setting, and links to the rest', async () => {
    const user = await stack.registerUser();
    const api = apiFor(user);
    const family = await created(api.post('/lists', { name: 'Family', color: '#ef4444', reminderDays: 7 }));
    const friends = await created(api.post('/lists', { name: 'Friends', color: '#10b981', reminderDays: 30 }));
    // An address book imported as its history says: 12 never-contacted people in no list, overdue.
    expect(
      (
        await api.post('/contacts/import/confirm', {
          contacts: Array.from({ length: 12 }, (_, index) => ({ firstName: 'Imported', lastName: `Person${index}` })),
          remind: 'from-history',
        })
      ).status,
    ).toBe(200);
    // Listed people, late for their own interval: 3×, 2×, 1.5× and an old acquaintance (no list) at 1.2×.
    await created(
      api.post('/contacts', {
        firstName: 'Weekly',
        lastName: 'Sister',
        listId: family._id,
        lastContactDate: daysAgo(21.2),
      }),
    );
    await created(
      api.post('/contacts', {
        firstName: 'Monthly',
        lastName: 'Friend',
        listId: friends._id,
        lastContactDate: daysAgo(60.2),
      }),
    );
    await created(
      api.post('/contacts', {
        firstName: 'Weekly',
        lastName: 'Brother',
        listId: family._id,
        lastContactDate: daysAgo(10.7),
      }),
    );
    await created(
      api.post('/contacts', { firstName: 'Old', lastName: 'Acquaintance', lastContactDate: daysAgo(108.2) }),
    );
    const important = ['Weekly Sister', 'Monthly Friend', 'Weekly Brother', 'Old Acquaintance'];

    // The overdue screen's priority sort gives the same order.
    const screen = await api.get('/contacts?filter=overdue&sortBy=priority&sortOrder=asc&limit=6');
    expect(screen.status).toBe(200);
    expect(
      screen.body.data.items
        .slice(0, 4)
        .map((item: { firstName: string; lastName: string }) => `${item.firstName} ${item.lastName}`),
    ).toEqual(important);
    expect(screen.body.data.items[4].firstName).toBe('Imported');

    expect((await api.get('/notifications/settings')).body.data.contactsPerEmail).toBe(
      DEFAULT_NOTIFICATION_SETTINGS.contactsPerEmail,
    );
    expect((await api.post('/notifications/trigger-daily')).status).toBe(200);
    const [mail] = await sink.waitFor(user.user.email, {
      matching: (candidate) => candidate.subject === 'Kith: 16 contacts need attention',
    });
    const listed = [...mail!.text!.matchAll(/^- (.+?): /gm)].map((match) => match[1]);
    expect(listed).toHaveLength(10);
    expect(listed.slice(0, 4)).toEqual(important);
    expect(listed.slice(4).every((name) => name!.startsWith('Imported '))).toBe(true);
    const overdueUrl = `${stack.env.APP_URL}/contacts?filter=overdue`;
    expect(mail!.text).toContain(`...and 6 more contacts overdue.\n\nSee overdue contacts: ${overdueUrl}`);
    const escapedUrl = overdueUrl.replace(/[.?]/g, '\\$&');
    expect(mail!.html).toMatch(
      new RegExp(`<a\\s+href="${escapedUrl}"[^>]*>\\s*…and 6 more contacts overdue\\.\\s*</a>`),
    );

    // The setting: 3 people; the test reminder (the same composer) lists exactly them.
    expect((await api.put('/notifications/settings', { contactsPerEmail: 3 })).body.data).toMatchObject({
      contactsPerEmail: 3,
      remindersPaused: false,
    });
    expect((await api.post('/notifications/test')).status).toBe(200);
    const [test] = await sink.waitFor(user.user.email, {
      matching: (candidate) => candidate.subject === '[Test] Kith: 16 contacts need attention',
    });
    expect([...test!.text!.matchAll(/^- (.+?): /gm)].map((match) => match[1])).toEqual(important.slice(0, 3));
    expect(test!.text).toContain('...and 13 more contacts overdue');
  });

  it('keeps the setting within its bounds, naming the field', async () => {
    const api = apiFor(await stack.registerUser());
    for (const contactsPerEmail of [0, MAX_CONTACTS_PER_EMAIL + 1, 2.5, '10']) {
      const answer = await api.put('/notifications/settings', { contactsPerEmail });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('contactsPerEmail');
    }
    expect((await api.put('/notifications/settings', { contactsPerEmail: MAX_CONTACTS_PER_EMAIL })).status).toBe(200);
    expect((await api.put('/notifications/settings', {})).status).toBe(400);
  });
});
