import { spawnSync } from 'node:child_process';
import { sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { apiFor, daysAgo } from './support/api.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'contacts', 'gateway'] });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

interface ParsedEvent {
  uid: string;
  summary: string;
  start: string;
  end: string;
  stamp: string;
  description: string | null;
  rrule: string | null;
}

/**
 * Parses a feed with Debian's python3-icalendar (a parser we did not write): every event with
 * its decoded fields, after checking the mandatory properties are there.
 */
function parseWithIcalendar(ics: string): { calendarVersion: string; events: ParsedEvent[] } {
  const script = `
import sys, json, icalendar
cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
events = []
for e in cal.walk('VEVENT'):
    for key in ('UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY'):
        assert key in e, key
    rrule = e.get('RRULE')
    events.append({'rrule': rrule.to_ical().decode() if rrule else None,'uid': str(e['UID']), 'summary': str(e['SUMMARY']), 'start': e.decoded('DTSTART').isoformat(),
                   'end': e.decoded('DTEND').isoformat(), 'stamp': e.decoded('DTSTAMP').isoformat(),
                   'description': str(e['DESCRIPTION']) if 'DESCRIPTION' in e else None})
print(json.dumps({'calendarVersion': str(cal['VERSION']), 'events': events}))
`;
  const result = spawnSync('/usr/bin/python3', ['-c', script], { input: ics, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`python3-icalendar refused the feed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

const today = () => new Date().toISOString().slice(0, 10);
const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
  fetch(url.replace(/^https?:\/\/[^/]+/, stack.gatewayUrl), { headers });

describe('calendar feed', () => {
  it('serves due dates and scheduled reminders as valid RFC 5545, parsed by python3-icalendar', async () => {
    const user = await stack.registerUser();
    const api = apiFor(stack, user);
    const list = (await api.post('/lists', { name: 'Weekly', reminderDays: 7 })).body.data;
    const recent = (
      await api.post('/contacts', {
        firstName: 'Zoë',
        lastName: 'Semicolon; Comma, Ltd',
        listId: list._id,
        lastContactDate: daysAgo(2),
      })
    ).body.data;
    const never = (await api.post('/contacts', { firstName: 'Never', lastName: 'Contacted', birthday: '--02-29' })).body
      .data;
    const born = (
      await api.post('/contacts', {
        firstName: 'Born',
        lastName: 'Known',
        birthday: '1985-03-12',
        lastContactDate: daysAgo(1),
      })
    ).body.data;
    const reminderDate = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const longNote = `Bring the book back — ${'and the notes, '.repeat(8)}please`;
    expect((await api.post(`/contacts/${never._id}/schedule-reminder`, { reminderDate, notes: longNote })).status).toBe(
      200,
    );

    expect((await api.get('/calendar/feed')).body.data).toEqual({ active: false, createdAt: null, url: null });
    // The bearer token alone makes no feed: a URL that outlives the session needs step-up.
    const bare = await api.post('/calendar/feed');
    expect(bare.status).toBe(403);
    expect(bare.body.code).toBe('STEP_UP_REQUIRED');
    expect((await api.get('/calendar/feed')).body.data.active).toBe(false);
    const created = await api.postWithStepUp('/calendar/feed');
    expect(created.status).toBe(200);
    const url: string = created.body.data.url;
    expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Shown again (kept encrypted), never stored in clear.
    expect((await api.get('/calendar/feed')).body.data).toMatchObject({ active: true, url });
    const [stored] = await sql(stack.databaseUrls.contacts, 'SELECT token_hash, token_ciphertext FROM calendar_feeds');
    expect(JSON.stringify(stored)).not.toContain(url.split('/').pop()!.replace('.ics', ''));

    // No bearer token: the URL alone opens the feed.
    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    const ics = await response.text();
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const parsed = parseWithIcalendar(ics);
    expect(parsed.calendarVersion).toBe('2.0');
    const byUid = new Map(parsed.events.map((event) => [event.uid, event]));
    expect(parsed.events).toHaveLength(6);
    const recentDue = byUid.get(`due-${recent._id}@kith`)!;
    expect(recentDue.summary).toBe('Get in touch with Zoë Semicolon; Comma, Ltd');
    expect(recentDue.start).toBe(new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10));
    expect(byUid.get(`due-${never._id}@kith`)!.start).toBe(today());
    const reminder = byUid.get(`reminder-${never._id}@kith`)!;
    expect(reminder.start).toBe(reminderDate.slice(0, 10));
    expect(reminder.description).toBe(longNote);
    expect(reminder.rrule).toBeNull();
    // Birthdays recur yearly, from the birth date (or a leap year when the year is unknown).
    expect(byUid.get(`birthday-${born._id}@kith`)).toMatchObject({
      summary: 'Birthday: Born Known',
      start: '1985-03-12',
      end: '1985-03-13',
      rrule: 'FREQ=YEARLY',
    });
    expect(byUid.get(`birthday-${never._id}@kith`)).toMatchObject({
      summary: 'Birthday: Never Contacted',
      start: '2000-02-29',
      rrule: 'FREQ=YEARLY',
    });

    // Stable across fetches (UIDs and bytes), and a matching If-None-Match is a 304.
    const again = await fetchFeed(url);
    expect(await again.text()).toBe(ics);
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await fetchFeed(url, { 'if-none-match': etag })).status).toBe(304);
    // A change is a new ETag.
    expect((await api.post(`/contacts/${recent._id}/log-contact`, { type: 'TEXT' })).status).toBe(201);
    const changed = await fetchFeed(url, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it("moves a snoozed contact's due event to the day the snooze ends, and a snooze is a new ETag", async () => {
    const user = await stack.registerUser();
    const api = apiFor(stack, user);
    const resting = (await api.post('/contacts', { firstName: 'Resting', lastName: 'Friend' })).body.data;
    const url: string = (await api.postWithStepUp('/calendar/feed')).body.data.url;
    const before = await fetchFeed(url);
    const etag = before.headers.get('etag')!;
    expect(parseWithIcalendar(await before.text()).events[0]).toMatchObject({ start: today(), description: null });

    const until = new Date(Date.now() + 10 * 86_400_000);
    expect((await api.post(`/contacts/${resting._id}/snooze`, { until: until.toISOString() })).status).toBe(200);
    const snoozed = await fetchFeed(url, { 'if-none-match': etag });
    expect(snoozed.status).toBe(200);
    const snoozedEtag = snoozed.headers.get('etag')!;
    expect(snoozedEtag).not.toBe(etag);
    const [event] = parseWithIcalendar(await snoozed.text()).events;
    expect(event).toMatchObject({
      uid: `due-${resting._id}@kith`,
      start: until.toISOString().slice(0, 10),
      description: `Snoozed until ${until.toISOString().slice(0, 10)}`,
    });
    expect((await fetchFeed(url, { 'if-none-match': snoozedEtag })).status).toBe(304);

    // The snooze alone (same row otherwise, same updated_at) is part of the fingerprint.
    await sql(
      stack.databaseUrls.contacts,
      "UPDATE contacts SET snoozed_until = snoozed_until + interval '1 day' WHERE id = $1",
      [resting._id],
    );
    expect((await fetchFeed(url, { 'if-none-match': snoozedEtag })).status).toBe(200);

    expect((await api.delete(`/contacts/${resting._id}/snooze`)).status).toBe(200);
    const [back] = parseWithIcalendar(await (await fetchFeed(url)).text()).events;
    expect(back).toMatchObject({ start: today(), description: null });
  });

  it('stops answering the old URL once regenerated, and every URL once turned off', async () => {
    const user = await stack.registerUser();
    const api = apiFor(stack, user);
    const first: string = (await api.postWithStepUp('/calendar/feed')).body.data.url;
    const second: string = (await api.postWithStepUp('/calendar/feed')).body.data.url;
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    expect((await api.delete('/calendar/feed')).status).toBe(200);
    expect((await fetchFeed(second)).status).toBe(404);
  });

  it('stores only the hash of the token and answers 404 for malformed or unknown tokens', async () => {
    const user = await stack.registerUser();
    const url: string = (await apiFor(stack, user).postWithStepUp('/calendar/feed')).body.data.url;
    const token = /calendar\/(.+)\.ics$/.exec(url)![1]!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await sql<{ token_hash: string }>(
      stack.databaseUrls.contacts,
      'SELECT token_hash FROM calendar_feeds WHERE user_id = $1',
      [user.user._id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect((await fetch(`${stack.gatewayUrl}/api/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await fetch(`${stack.gatewayUrl}/api/calendar/short.ics`)).status).toBe(401);
    expect((await fetch(`${stack.gatewayUrl}/api/calendar/feed`)).status).toBe(401);
  });

  it('streams a feed of 3 000 contacts', async () => {
    const user = await stack.registerUser();
    const api = apiFor(stack, user);
    const contacts = Array.from({ length: 3000 }, (_, index) => ({ firstName: `Feed${index}`, lastName: 'Person' }));
    expect((await api.post('/contacts/import/confirm', { contacts })).body.data.imported).toBe(3000);
    const url: string = (await api.postWithStepUp('/calendar/feed')).body.data.url;
    const started = Date.now();
    const parsed = parseWithIcalendar(await (await fetchFeed(url)).text());
    expect(parsed.events).toHaveLength(3000);
    expect(new Set(parsed.events.map((event) => event.uid)).size).toBe(3000);
    console.log(`calendar feed of 3000 contacts fetched and parsed in ${Date.now() - started} ms`);
  });
});
