import { ErrorCode } from '@kith/contracts';
import { SignJWT } from 'jose';
import type { ParsedMail } from 'mailparser';
import { call, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { SmtpSink } from './smtp-sink.js';
import { daysAgo, outboxSettled } from './support.js';

/** Runs are triggered by hand here. */
const FAR_AWAY_CRON = '0 0 1 1 *';

let stack: TestStack;
let sink: SmtpSink;
const api = (method: string, path: string, options?: Parameters<typeof call>[3]) =>
  call(stack.gatewayUrl, method, path, options);

beforeAll(async () => {
  sink = await SmtpSink.start();
  stack = await startTestStack({
    services: ['auth', 'contacts', 'notifications', 'gateway'],
    env: {
      SMTP_URL: sink.url,
      DAILY_REMINDER_CRON: FAR_AWAY_CRON,
      OUTBOX_POLL_MS: '200',
      OUTBOX_BACKOFF_BASE_MS: '200',
      OUTBOX_BACKOFF_MAX_MS: '800',
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await sink?.down();
});

type Registered = Awaited<ReturnType<TestStack['registerUser']>>;

async function createContact(user: Registered, body: Record<string, unknown>): Promise<string> {
  const answer = await api('POST', '/api/contacts', { headers: user.authHeader, body });
  expect(answer.status).toBe(201);
  return answer.body.data._id;
}

/** The link a received e-mail's plain text gives after `label: ` on the line of `name`'s entry. */
function linkAfter(mail: ParsedMail, name: string, label: string): string {
  const text = mail.text ?? '';
  const entry = text.slice(text.indexOf(`- ${name}:`));
  const match = new RegExp(`${label}: (\\S+)`).exec(entry);
  if (!match) throw new Error(`No "${label}" link for ${name} in:\n${text}`);
  return match[1]!;
}

const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

/** Forgets today's daily reminder of a user, as if the next day had come. */
const nextDay = (user: Registered) =>
  sql(stack.databaseUrls.notifications, 'DELETE FROM daily_reminders WHERE user_id = $1', [user.user._id]);

async function dailyMailFor(user: Registered, expectQueued = true): Promise<ParsedMail | null> {
  const before = sink.to(user.user.email).length;
  const run = await api('POST', '/api/notifications/trigger-daily', { headers: user.authHeader });
  expect(run.status).toBe(200);
  if (!expectQueued) return null;
  const mails = await sink.waitFor(user.user.email, { count: before + 1 });
  return mails[mails.length - 1]!;
}

async function testMailFor(user: Registered): Promise<ParsedMail> {
  const before = sink.to(user.user.email).length;
  const sent = await api('POST', '/api/notifications/test', { headers: user.authHeader });
  expect(sent.status).toBe(200);
  const mails = await sink.waitFor(user.user.email, { count: before + 1 });
  return mails[mails.length - 1]!;
}

describe('snooze', () => {
  it('keeps a snoozed contact overdue but out of the daily e-mail, and brings it back after', async () => {
    const user = await stack.registerUser();
    const snoozedId = await createContact(user, { firstName: 'Sleepy', lastName: 'Snoozer' });
    await createContact(user, { firstName: 'Awake', lastName: 'Overdue' });
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();

    const snoozed = await api('POST', `/api/contacts/${snoozedId}/snooze`, {
      headers: user.authHeader,
      body: { until },
    });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body.data.contact).toMatchObject({ snoozedUntil: until, isOverdue: true });
    const overdue = await api('GET', '/api/contacts/overdue', { headers: user.authHeader });
    expect(overdue.body.data.items.map((contact: { firstName: string }) => contact.firstName).sort()).toEqual([
      'Awake',
      'Sleepy',
    ]);

    const first = (await dailyMailFor(user))!;
    expect(first.subject).toBe('Kith: 1 contact needs attention');
    expect(first.text).toContain('Awake Overdue');
    expect(first.text).not.toContain('Sleepy Snoozer');
    expect((await testMailFor(user)).text).not.toContain('Sleepy Snoozer');

    // The snooze ends (its date passes) and the next day's e-mail lists the contact again.
    await sql(
      stack.databaseUrls.contacts,
      `UPDATE contacts SET snoozed_until = now() - interval '1 minute' WHERE id = $1`,
      [snoozedId],
    );
    await nextDay(user);
    const after = (await dailyMailFor(user))!;
    expect(after.subject).toBe('Kith: 2 contacts need attention');
    expect(after.text).toContain('Sleepy Snoozer');
  });

  it('sends no daily e-mail to a user whose only overdue contact is snoozed; DELETE ends the snooze', async () => {
    const user = await stack.registerUser();
    const id = await createContact(user, { firstName: 'Only', lastName: 'Snoozed' });
    await api('POST', `/api/contacts/${id}/snooze`, {
      headers: user.authHeader,
      body: { until: new Date(Date.now() + 86_400_000).toISOString() },
    });
    await dailyMailFor(user, false);
    await outboxSettled(stack.databaseUrls.notifications);
    expect(sink.to(user.user.email)).toHaveLength(0);

    const ended = await api('DELETE', `/api/contacts/${id}/snooze`, { headers: user.authHeader });
    expect(ended.status).toBe(200);
    expect(ended.body.data.contact.snoozedUntil).toBeNull();
    await nextDay(user);
    expect((await dailyMailFor(user))!.text).toContain('Only Snoozed');
  });

  it("refuses a bad date naming the field, and another user's contact with 404", async () => {
    const owner = await stack.registerUser();
    const stranger = await stack.registerUser();
    const id = await createContact(owner, { firstName: 'Private', lastName: 'Person' });
    for (const until of [
      'tomorrow',
      new Date(Date.now() - 60_000).toISOString(),
      new Date(Date.now() + 400 * 86_400_000).toISOString(),
      undefined,
    ]) {
      const answer = await api('POST', `/api/contacts/${id}/snooze`, { headers: owner.authHeader, body: { until } });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/until/);
    }
    const foreign = await api('POST', `/api/contacts/${id}/snooze`, {
      headers: stranger.authHeader,
      body: { until: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(foreign.status).toBe(404);
    expect((await api('DELETE', `/api/contacts/${id}/snooze`, { headers: stranger.authHeader })).status).toBe(404);
  });

  it('ends when the contact is logged', async () => {
    const user = await stack.registerUser();
    const id = await createContact(user, { firstName: 'Called', lastName: 'Back' });
    await api('POST', `/api/contacts/${id}/snooze`, {
      headers: user.authHeader,
      body: { until: new Date(Date.now() + 86_400_000).toISOString() },
    });
    const logged = await api('POST', `/api/contacts/${id}/log-contact`, {
      headers: user.authHeader,
      body: { type: 'PHONE_CALL' },
    });
    expect(logged.body.data.contact).toMatchObject({ snoozedUntil: null, isOverdue: false });
  });
});

describe('one-click links in reminder e-mails', () => {
  it('follows "Mark as contacted" from a received e-mail: the page changes nothing, one POST logs it, the link is then refused', async () => {
    const user = await stack.registerUser();
    const id = await createContact(user, { firstName: 'Linked', lastName: 'Friend', lastContactDate: daysAgo(200) });
    const mail = (await dailyMailFor(user))!;
    const link = linkAfter(mail, 'Linked Friend', 'Mark as contacted');
    expect(link.startsWith(`${stack.env.APP_URL}/email-action/`)).toBe(true);
    expect(mail.html).toContain(`href="${link}"`);
    const token = tokenOf(link);

    // What the confirm page loads, signed out; a mail scanner fetching it twice changes nothing.
    for (let fetch = 0; fetch < 2; fetch += 1) {
      const preview = await api('GET', `/api/notifications/actions/${token}`);
      expect(preview.status).toBe(200);
      expect(preview.body.data).toMatchObject({
        action: 'mark-contacted',
        state: 'ready',
        contact: { firstName: 'Linked', lastName: 'Friend' },
      });
    }
    expect((await api('GET', `/api/contacts/${id}`, { headers: user.authHeader })).body.data.isOverdue).toBe(true);

    const done = await api('POST', `/api/notifications/actions/${token}`);
    expect(done.status).toBe(200);
    expect(done.body.data.message).toBe('Linked Friend is marked as contacted.');
    const contact = (await api('GET', `/api/contacts/${id}`, { headers: user.authHeader })).body.data;
    expect(contact.isOverdue).toBe(false);
    expect(Date.now() - Date.parse(contact.lastContactDate)).toBeLessThan(60_000);
    const log = await api('GET', `/api/contacts/${id}/communications`, { headers: user.authHeader });
    expect(log.body.data.items).toEqual([expect.objectContaining({ type: 'OTHER', notes: 'From reminder e-mail' })]);

    const again = await api('POST', `/api/notifications/actions/${token}`);
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({
      code: ErrorCode.LINK_USED,
      error: expect.stringContaining('already been used'),
    });
    expect((await api('GET', `/api/notifications/actions/${token}`)).body.data.state).toBe('used');
    expect(
      (await api('GET', `/api/contacts/${id}/communications`, { headers: user.authHeader })).body.data.items,
    ).toHaveLength(1);
  });

  it('snoozes for a week from the test reminder, once', async () => {
    const user = await stack.registerUser();
    const id = await createContact(user, { firstName: 'Busy', lastName: 'Week' });
    const token = tokenOf(linkAfter(await testMailFor(user), 'Busy Week', 'Snooze 1 week'));
    const [first, second] = await Promise.all([
      api('POST', `/api/notifications/actions/${token}`),
      api('POST', `/api/notifications/actions/${token}`),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 410]);
    const contact = (await api('GET', `/api/contacts/${id}`, { headers: user.authHeader })).body.data;
    expect(Date.parse(contact.snoozedUntil) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(contact.isOverdue).toBe(true);
  });

  it('says an expired link expired, and refuses a forged or altered one', async () => {
    const user = await stack.registerUser();
    const id = await createContact(user, { firstName: 'Old', lastName: 'Mail' });
    const [{ secret }] = await sql<{ secret: Buffer }>(
      stack.databaseUrls.notifications,
      `SELECT secret FROM signing_keys WHERE name = 'email-actions'`,
    );
    const sign = (key: Uint8Array, issuedDaysAgo: number) =>
      new SignJWT({ act: 'mark-contacted', cid: id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.user._id)
        .setAudience('kith-email-action')
        .setJti(crypto.randomUUID())
        .setIssuedAt(Math.floor(Date.now() / 1000) - issuedDaysAgo * 86_400)
        .setExpirationTime(Math.floor(Date.now() / 1000) - (issuedDaysAgo - 7) * 86_400)
        .sign(key);

    const expired = await sign(new Uint8Array(secret), 8);
    expect((await api('GET', `/api/notifications/actions/${expired}`)).body.data.state).toBe('expired');
    const refused = await api('POST', `/api/notifications/actions/${expired}`);
    expect(refused.status).toBe(410);
    expect(refused.body).toMatchObject({ code: ErrorCode.LINK_EXPIRED, error: expect.stringContaining('expired') });

    const forged = await sign(new Uint8Array(32).fill(7), 1);
    for (const token of [forged, 'garbage', `${(await sign(new Uint8Array(secret), 1)).slice(0, -3)}abc`]) {
      const answer = await api('POST', `/api/notifications/actions/${token}`);
      expect(answer.status).toBe(400);
    }
    expect(
      (await api('GET', `/api/contacts/${id}`, { headers: user.authHeader })).body.data.lastContactDate,
    ).toBeNull();
  });
});

describe('pausing reminder e-mails', () => {
  it('follows the RFC 8058 List-Unsubscribe POST of a received e-mail; the next daily run skips the user, test reminders still go out', async () => {
    const user = await stack.registerUser();
    await createContact(user, { firstName: 'Still', lastName: 'Overdue' });
    const mail = (await dailyMailFor(user))!;
    const raw = (name: string) => mail.headerLines.find((line) => line.key === name)?.line ?? '';
    expect(raw('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const target = /<(https?:\/\/[^>]+)>/.exec(raw('list-unsubscribe').replace(/\r?\n\s+/g, ''))?.[1];
    expect(target).toContain('/api/notifications/actions/');
    expect(mail.text).toMatch(/Pause reminder e-mails: \S+\/email-action\/\S+/);

    // What a mail client does for one-click unsubscribe: a POST with this exact form body.
    const unsubscribe = await fetch(target!.replace(stack.env.APP_URL!, stack.gatewayUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribe.status).toBe(200);
    expect(
      (await api('GET', '/api/notifications/settings', { headers: user.authHeader })).body.data.remindersPaused,
    ).toBe(true);

    await nextDay(user);
    const run = await api('POST', '/api/notifications/trigger-daily', { headers: user.authHeader });
    expect(run.status).toBe(200);
    const claims = await sql(stack.databaseUrls.notifications, 'SELECT 1 FROM daily_reminders WHERE user_id = $1', [
      user.user._id,
    ]);
    expect(claims).toHaveLength(0);
    await outboxSettled(stack.databaseUrls.notifications);
    expect(sink.to(user.user.email)).toHaveLength(1);

    expect((await testMailFor(user)).subject).toContain('[Test]');

    const resumed = await api('PUT', '/api/notifications/settings', {
      headers: user.authHeader,
      body: { remindersPaused: false },
    });
    expect(resumed.body.data).toMatchObject({ remindersPaused: false, bestFriendDays: 30 });
    expect((await dailyMailFor(user))!.text).toContain('Still Overdue');
  });

  it('refuses a settings body without a boolean, naming the field', async () => {
    const user = await stack.registerUser();
    const answer = await api('PUT', '/api/notifications/settings', {
      headers: user.authHeader,
      body: { remindersPaused: 'yes' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain('remindersPaused');
  });
});

describe('scheduled reminders', () => {
  it("lists a reminder scheduled for today in that day's e-mail, even with nothing overdue, and in what is coming up", async () => {
    const user = await stack.registerUser();
    const id = await createContact(user, { firstName: 'Birthday', lastName: 'Call', lastContactDate: daysAgo(1) });
    const today = new Date().toISOString().slice(0, 10);
    const scheduled = await api('POST', `/api/contacts/${id}/schedule-reminder`, {
      headers: user.authHeader,
      body: { reminderDate: today, notes: 'Ring about the party' },
    });
    expect(scheduled.status).toBe(200);

    const upcoming = await api('GET', '/api/notifications/upcoming', { headers: user.authHeader });
    expect(upcoming.body.data.items).toEqual([
      expect.objectContaining({ _id: id, reason: 'scheduled', reminderNotes: 'Ring about the party', daysUntilDue: 0 }),
    ]);

    const mail = (await dailyMailFor(user))!;
    expect(mail.subject).toBe('Kith: 1 reminder for today');
    expect(mail.text).toContain('Scheduled for today:');
    expect(mail.text).toContain('- Birthday Call: Ring about the party');
  });

  it('lists them in the test reminder as the daily one does (one composer for both)', async () => {
    const user = await stack.registerUser();
    const id = await createContact(user, { firstName: 'Party', lastName: 'Planner', lastContactDate: daysAgo(1) });
    const today = new Date().toISOString().slice(0, 10);
    await api('POST', `/api/contacts/${id}/schedule-reminder`, {
      headers: user.authHeader,
      body: { reminderDate: today, notes: 'Book the room' },
    });

    const test = await testMailFor(user);
    expect(test.subject).toBe('[Test] Kith: 1 reminder for today');
    expect(test.text).toContain('Scheduled for today:');
    expect(test.text).toContain('- Party Planner: Book the room');
    const daily = (await dailyMailFor(user))!;
    expect(daily.subject).toBe('Kith: 1 reminder for today');
    expect(daily.text).toContain('- Party Planner: Book the room');
  });

  it('shows contacts that become overdue within 7 days, soonest first, and not those further out or overdue', async () => {
    const user = await stack.registerUser();
    await createContact(user, {
      firstName: 'Soon',
      lastName: 'Two',
      customReminderDays: 30,
      lastContactDate: daysAgo(28),
    });
    await createContact(user, {
      firstName: 'Soon',
      lastName: 'Six',
      customReminderDays: 30,
      lastContactDate: daysAgo(24.5),
    });
    await createContact(user, {
      firstName: 'Later',
      lastName: 'On',
      customReminderDays: 30,
      lastContactDate: daysAgo(10),
    });
    await createContact(user, { firstName: 'Already', lastName: 'Overdue' });
    const upcoming = await api('GET', '/api/notifications/upcoming', { headers: user.authHeader });
    expect(upcoming.status).toBe(200);
    expect(
      upcoming.body.data.items.map((item: { lastName: string; reason: string; daysUntilDue: number }) => [
        item.lastName,
        item.reason,
        item.daysUntilDue,
      ]),
    ).toEqual([
      ['Two', 'due', 3],
      ['Six', 'due', 7],
    ]);
    expect(upcoming.body.data.totalItems).toBe(2);
  });
});
