import { readFileSync } from 'node:fs';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  ErrorCode,
  NatsSubject,
  type PasswordResetMailQueued,
  type PasswordResetMailRequest,
} from '@kith/contracts';
import { connect } from '@nats-io/transport-node';
import { call, eventually, sleep, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { SmtpSink } from './smtp-sink.js';
import { daysAgo, outboxSettled } from './support.js';

const MAIL_FROM = { name: 'Kith Reminders', address: 'reminders@kith.test' };
/** Never fires during the tests: runs here are triggered by hand (or by a replica's own cron below). */
const FAR_AWAY_CRON = '0 0 1 1 *';
/** Fast retries so an outage of a second or two is enough to see mail wait and then go out. */
const FAST_RETRIES = {
  OUTBOX_POLL_MS: '200',
  OUTBOX_BACKOFF_BASE_MS: '200',
  OUTBOX_BACKOFF_MAX_MS: '800',
  OUTBOX_MAX_ATTEMPTS: '100',
  SMTP_TIMEOUT_MS: '2000',
  DAILY_RUN_RETRY_MS: '500',
};

let stack: TestStack;
let sink: SmtpSink;
const api = (method: string, path: string, options?: Parameters<typeof call>[3]) =>
  call(stack.gatewayUrl, method, path, options);
const notificationsDb = () => stack.databaseUrls.notifications;

let operator: Registered;

beforeAll(async () => {
  sink = await SmtpSink.start();
  stack = await startTestStack({
    services: ['auth', 'contacts', 'notifications', 'gateway'],
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: `${MAIL_FROM.name} <${MAIL_FROM.address}>`,
      DAILY_REMINDER_CRON: FAR_AWAY_CRON,
      ...FAST_RETRIES,
    },
  });
  // The instance's first account is its operator: its 'Trigger Daily Reminders' runs everyone's.
  operator = await stack.registerUser();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await sink?.down();
});

type Registered = Awaited<ReturnType<TestStack['registerUser']>>;

async function createList(
  user: Registered,
  body: { name: string; color: string; reminderDays: number },
): Promise<string> {
  const answer = await api('POST', '/api/lists', { headers: user.authHeader, body });
  expect(answer.status).toBe(201);
  return answer.body.data._id;
}

async function createContact(user: Registered, body: Record<string, unknown>): Promise<void> {
  const answer = await api('POST', '/api/contacts', { headers: user.authHeader, body });
  expect(answer.status).toBe(201);
}

/** A user with one overdue contact (never contacted), so the daily run has something to say. */
async function userWithOverdue(): Promise<Registered> {
  const user = await stack.registerUser();
  await createContact(user, { firstName: 'Overdue', lastName: 'Friend' });
  return user;
}

const triggerDaily = (user: Registered, baseUrl = stack.gatewayUrl) =>
  call(baseUrl, 'POST', '/api/notifications/trigger-daily', { headers: user.authHeader });
const dailyMailsTo = (email: string) => sink.to(email).filter((mail) => mail.subject?.startsWith('Kith:'));

describe('database schema', () => {
  it('has a column for every field of the Prisma models (no drift)', async () => {
    const schema = readFileSync(new URL('../prisma/schema.prisma', import.meta.url), 'utf8');
    const expected: string[] = [];
    for (const [, body] of schema.matchAll(/^model \w+ \{([\s\S]*?)^\}/gm)) {
      const table = /@@map\("(\w+)"\)/.exec(body!)![1];
      for (const line of body!.split('\n')) {
        const field = /^\s+(\w+)\s+(\w+)(\??)(.*)$/.exec(line);
        if (!field || (/^[A-Z]/.test(field[2]!) && !['String', 'Int', 'Boolean', 'DateTime'].includes(field[2]!)))
          continue;
        expected.push(`${table}.${/@map\("(\w+)"\)/.exec(field[4]!)?.[1] ?? field[1]}`);
      }
    }
    const columns = await sql<{ column: string }>(
      notificationsDb(),
      `SELECT table_name || '.' || column_name AS column FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const actual = new Set(columns.map((row) => row.column));
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.filter((column) => !actual.has(column))).toEqual([]);
  });
});

describe('settings', () => {
  it('creates the defaults when a user registers, and serves them read-only to that user', async () => {
    const user = await stack.registerUser();
    await eventually(
      async () =>
        (await sql(notificationsDb(), 'SELECT 1 FROM notification_settings WHERE user_id = $1', [user.user._id]))
          .length > 0,
      {
        what: 'settings created from the registration event',
      },
    );
    const answer = await api('GET', '/api/notifications/settings', { headers: user.authHeader });
    expect(answer).toEqual({ status: 200, body: { success: true, data: DEFAULT_NOTIFICATION_SETTINGS } });
  });

  it('refuses a caller without a token', async () => {
    const answer = await api('GET', '/api/notifications/settings');
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(ErrorCode.UNAUTHORIZED);
  });
});

describe('POST /api/notifications/test', () => {
  it('sends one test reminder now, and says so when nothing is overdue', async () => {
    const user = await stack.registerUser();
    const answer = await api('POST', '/api/notifications/test', { headers: user.authHeader });

    expect(answer.status).toBe(200);
    expect(answer.body.data.message).toBe(
      `Test reminder sent to ${user.user.email}. Nothing is overdue: you're all caught up!`,
    );
    const [mail] = await sink.waitFor(user.user.email);
    expect(mail!.subject).toBe("[Test] Kith: you're all caught up");
    expect(mail!.from!.value).toEqual([MAIL_FROM]);
    expect(mail!.text).toContain('This is a test reminder');
    expect(mail!.text).toContain(`Hi ${user.user.firstName},`);
    expect(mail!.text).toContain("Nothing is overdue right now: you're all caught up!");
    expect(mail!.html).toMatch(/<h1[^>]*>You're all caught up!<\/h1>/);
    // Counted once nothing is left to send: a second mail still in the outbox would show now.
    await outboxSettled(notificationsDb());
    expect(sink.to(user.user.email)).toHaveLength(1);
  });

  it('lists the overdue contacts when there are some', async () => {
    const user = await userWithOverdue();
    const answer = await api('POST', '/api/notifications/test', { headers: user.authHeader });

    expect(answer.body.data.message).toBe(`Test reminder sent to ${user.user.email}. 1 contact needs attention.`);
    const [mail] = await sink.waitFor(user.user.email);
    expect(mail!.subject).toBe('[Test] Kith: 1 contact needs attention');
    expect(mail!.text).toContain('- Overdue Friend: Never contacted');
  });
});

describe('the daily reminder', () => {
  it('tells each user with overdue contacts who, for how long and in which list, with links to the overdue page', async () => {
    const user = await stack.registerUser();
    const bestFriends = await createList(user, { name: 'Best Friends', color: '#ef4444', reminderDays: 30 });
    await createContact(user, {
      firstName: 'Grace',
      lastName: 'Hopper',
      listId: bestFriends,
      lastContactDate: daysAgo(45.5),
    });
    await createContact(user, { firstName: 'Alan', lastName: 'Turing' });
    await createContact(user, {
      firstName: 'Recent',
      lastName: 'Friend',
      listId: bestFriends,
      lastContactDate: daysAgo(2),
    });
    const idle = await stack.registerUser();
    await createContact(idle, { firstName: 'Seen', lastName: 'Yesterday', lastContactDate: daysAgo(1) });

    const answer = await triggerDaily(user);

    expect(answer.status).toBe(200);
    const result = answer.body.data;
    expect(result.emailsQueued).toBeGreaterThanOrEqual(1);
    expect(result.usersProcessed).toBe(result.emailsQueued + result.alreadySentToday);
    expect(result.message).toContain('Daily reminders triggered successfully');
    const [mail] = await sink.waitFor(user.user.email, {
      matching: (candidate) => candidate.subject === 'Kith: 2 contacts need attention',
    });
    const appUrl = stack.env.APP_URL;
    for (const part of [mail!.text!, mail!.html as string]) {
      expect(part).toContain('Grace Hopper');
      expect(part).toContain('15 days overdue');
      expect(part).toContain('Last contact 45 days ago');
      expect(part).toContain('Best Friends');
      expect(part).toContain('Alan Turing');
      expect(part).toContain('Never contacted');
      expect(part).toContain('No List');
      expect(part).toContain(`${appUrl}/contacts?filter=overdue`);
      expect(part).not.toContain('Recent Friend');
    }
    expect(mail!.html).toContain(`href="${appUrl}/contacts?filter=overdue"`);

    await outboxSettled(notificationsDb());
    expect(sink.to(idle.user.email)).toHaveLength(0);
  });

  it('at the overdue edges lists the contact at N + 1 days, not those at exactly N days or N days + 23 h', async () => {
    const user = await stack.registerUser();
    const list = await createList(user, { name: 'Edge Friends', color: '#10b981', reminderDays: 14 });
    await createContact(user, {
      firstName: 'Exactly',
      lastName: 'Fourteen',
      listId: list,
      lastContactDate: daysAgo(14),
    });
    await createContact(user, {
      firstName: 'Almost',
      lastName: 'Fifteen',
      listId: list,
      lastContactDate: daysAgo(14 + 23 / 24),
    });
    await createContact(user, { firstName: 'Fully', lastName: 'Fifteen', listId: list, lastContactDate: daysAgo(15) });

    expect((await triggerDaily(user)).status).toBe(200);

    const [mail] = await sink.waitFor(user.user.email, {
      matching: (candidate) => candidate.subject?.startsWith('Kith:') ?? false,
    });
    expect(mail!.subject).toBe('Kith: 1 contact needs attention');
    for (const part of [mail!.text!, mail!.html as string]) {
      expect(part).toContain('Fully Fifteen');
      expect(part).not.toContain('Exactly Fourteen');
      expect(part).not.toContain('Almost Fifteen');
    }
  });

  it('is sent once per user per day, however often it is triggered', async () => {
    const user = await userWithOverdue();
    const first = await triggerDaily(user);
    await sink.waitFor(user.user.email);
    const again = await Promise.all([triggerDaily(user), triggerDaily(user)]);

    for (const answer of again) {
      expect(answer.status).toBe(200);
      expect(answer.body.data.emailsQueued).toBe(0);
      expect(answer.body.data.alreadySentToday).toBe(first.body.data.usersProcessed);
    }
    await outboxSettled(notificationsDb());
    expect(dailyMailsTo(user.user.email)).toHaveLength(1);
  });

  it('waits while SMTP is down and is delivered exactly once when it returns', async () => {
    const user = await userWithOverdue();
    await sink.down();
    try {
      const answer = await triggerDaily(user);
      expect(answer.status).toBe(200);
      const attempted = await eventually(
        async () => {
          const [row] = await sql<{ status: string; attempts: number }>(
            notificationsDb(),
            `SELECT status, attempts FROM outbox WHERE user_id = $1 AND kind = 'DAILY_REMINDER'`,
            [user.user._id],
          );
          return row && row.attempts >= 2 ? row : null;
        },
        { what: 'failed delivery attempts while SMTP is down' },
      );
      expect(attempted.status).toBe('PENDING');
    } finally {
      await sink.up();
    }
    await sink.waitFor(user.user.email);
    await outboxSettled(notificationsDb());
    expect(dailyMailsTo(user.user.email)).toHaveLength(1);
    const [row] = await sql<{ status: string }>(notificationsDb(), `SELECT status FROM outbox WHERE user_id = $1`, [
      user.user._id,
    ]);
    expect(row!.status).toBe('SENT');
  });

  it('is recorded as failed when contacts is down, sends nothing, and is retried once contacts is back', async () => {
    const user = await userWithOverdue();
    await stack.stopService('contacts');
    let restarted = false;
    try {
      // The operator's run is everyone's, recorded as the day's run.
      const answer = await triggerDaily(operator);
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
      const [run] = await sql<{ status: string; error: string; started_at: Date }>(
        notificationsDb(),
        'SELECT status, error, started_at FROM daily_runs ORDER BY started_at DESC LIMIT 1',
      );
      expect(run!.status).toBe('FAILED');
      expect(run!.error).toContain('contacts.overdue.digest');
      // The retry poll runs and fails too while contacts is down (a RETRY run recorded as FAILED).
      await eventually(
        async () =>
          (
            await sql(
              notificationsDb(),
              `SELECT 1 FROM daily_runs WHERE trigger = 'RETRY' AND status = 'FAILED' AND started_at > $1`,
              [run!.started_at],
            )
          ).length > 0,
        { what: 'a failed retry of the daily run while contacts is down' },
      );
      expect(sink.to(user.user.email)).toHaveLength(0);
      expect(
        await sql(notificationsDb(), 'SELECT 1 FROM daily_reminders WHERE user_id = $1', [user.user._id]),
      ).toHaveLength(0);
      await stack.startService('contacts');
      restarted = true;
    } finally {
      if (!restarted) await stack.startService('contacts');
    }

    await sink.waitFor(user.user.email, { timeoutMs: 15_000 });
    const [retry] = await sql<{ trigger: string; status: string }>(
      notificationsDb(),
      `SELECT trigger, status FROM daily_runs WHERE status = 'SUCCEEDED' ORDER BY started_at DESC LIMIT 1`,
    );
    expect(retry).toEqual({ trigger: 'RETRY', status: 'SUCCEEDED' });
    await outboxSettled(notificationsDb());
    expect(dailyMailsTo(user.user.email)).toHaveLength(1);
  });

  it('is made up at boot when the service was down at the scheduled time, once, for those not yet mailed', async () => {
    const alreadyMailed = await userWithOverdue();
    expect((await triggerDaily(alreadyMailed)).status).toBe(200);
    await sink.waitFor(alreadyMailed.user.email);
    const missed = await userWithOverdue();
    // Today as if the service had been down all day so far: no run recorded.
    const today = new Date().toISOString().slice(0, 10);
    await sql(notificationsDb(), 'DELETE FROM daily_runs WHERE day = $1', [today]);
    // An instance scheduled at midnight UTC, a time that has passed, boots.
    await stack.startService('notifications', { replica: 2, env: { DAILY_REMINDER_CRON: '0 0 * * *' } });
    try {
      await sink.waitFor(missed.user.email);
      const runs = await sql<{ trigger: string; status: string }>(
        notificationsDb(),
        'SELECT trigger, status FROM daily_runs WHERE day = $1',
        [today],
      );
      expect(runs).toEqual([{ trigger: 'RETRY', status: 'SUCCEEDED' }]);
      await outboxSettled(notificationsDb()); // more due-checks on both instances within the retry window
    } finally {
      await stack.stopService('notifications', { replica: 2 });
    }
    expect(dailyMailsTo(missed.user.email)).toHaveLength(1);
    expect(dailyMailsTo(alreadyMailed.user.email)).toHaveLength(1);
    expect(await sql(notificationsDb(), 'SELECT 1 FROM daily_runs WHERE day = $1', [today])).toHaveLength(1);
  });

  it('is sent once with two instances running at once, each with its cron firing, plus manual triggers', async () => {
    const users = await Promise.all([userWithOverdue(), userWithOverdue(), userWithOverdue()]);
    // A second instance whose cron fires every second, next to the primary.
    const replica = await stack.startService('notifications', {
      replica: 2,
      env: { DAILY_REMINDER_CRON: '* * * * * *' },
    });
    try {
      const answers = await Promise.all([
        triggerDaily(users[0]!),
        triggerDaily(users[1]!, replica.url),
        triggerDaily(users[2]!),
        triggerDaily(users[0]!, replica.url),
      ]);
      answers.forEach((answer) => expect(answer.status).toBe(200));
      for (const user of users) await sink.waitFor(user.user.email);
      await outboxSettled(notificationsDb()); // the replica's cron fires again within the retry window
    } finally {
      await stack.stopService('notifications', { replica: 2 });
    }
    // Stopped while its cron fires every second: a run it had under way is ended and recorded (and
    // made up by the other instance), never left RUNNING, which would look alive for 15 minutes.
    await outboxSettled(notificationsDb());
    for (const user of users) {
      expect(dailyMailsTo(user.user.email)).toHaveLength(1);
      expect(
        await sql(notificationsDb(), 'SELECT 1 FROM daily_reminders WHERE user_id = $1', [user.user._id]),
      ).toHaveLength(1);
    }
  });
});

describe('password reset mail', () => {
  it('sends the link from forgot-password, valid for 60 minutes, and forgets the token once sent', async () => {
    const user = await stack.registerUser();
    const answer = await api('POST', '/api/auth/forgot-password', { body: { email: user.user.email } });
    expect(answer.status).toBe(200);

    const [mail] = await sink.waitFor(user.user.email);
    expect(mail!.subject).toBe('Reset your Kith password');
    const link = new RegExp(
      `${stack.env.APP_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/reset-password\\?token=([A-Za-z0-9_%-]+)`,
    ).exec(mail!.text!);
    expect(link).not.toBeNull();
    expect(mail!.html).toContain(`href="${link![0]}"`);
    expect(mail!.text).toContain('expires in 60 minutes');

    const reset = await api('POST', '/api/auth/reset-password', {
      body: { token: decodeURIComponent(link![1]!), password: 'a-new-password' },
    });
    expect(reset.status).toBe(200);
    const [row] = await eventually(() =>
      sql<{ html: string | null; text: string | null }>(
        notificationsDb(),
        `SELECT html, text FROM outbox WHERE kind = 'PASSWORD_RESET' AND user_id = $1 AND status = 'SENT'`,
        [user.user._id],
      ).then((rows) => (rows.length ? rows : null)),
    );
    expect(row).toEqual({ html: null, text: null });
  });
});

describe('password reset mail while notifications is away', () => {
  it('still arrives, once, when notifications was down at the time of the request', async () => {
    const user = await stack.registerUser();
    await stack.stopService('notifications');
    let restarted = false;
    try {
      const answer = await api('POST', '/api/auth/forgot-password', { body: { email: user.user.email } });
      expect(answer.status).toBe(200);
      await sleep(1500); // an outage, not a wait for a result: auth's first attempt and its 1 s retry find nobody to answer
      expect(sink.to(user.user.email)).toHaveLength(0);
      await stack.startService('notifications');
      restarted = true;
    } finally {
      if (!restarted) await stack.startService('notifications');
    }
    const [mail] = await sink.waitFor(user.user.email, { timeoutMs: 30_000 });
    expect(mail!.subject).toBe('Reset your Kith password');
    await outboxSettled(notificationsDb());
    expect(sink.to(user.user.email)).toHaveLength(1);
  });

  it('queues one mail per reset link, however often the same request arrives', async () => {
    const user = await stack.registerUser();
    const request: PasswordResetMailRequest = {
      userId: user.user._id,
      email: user.user.email,
      firstName: user.user.firstName,
      token: `repeated-${user.user._id}`,
      expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
    };
    // As auth: the only process allowed to ask for a reset mail.
    const nats = await connect(stack.natsConnectOptions('auth'));
    try {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const subject = NatsSubject.NOTIFICATIONS_QUEUE_PASSWORD_RESET_MAIL;
        const reply = await nats.request(
          subject,
          JSON.stringify({ pattern: subject, data: request, id: `attempt-${attempt}` }),
          { timeout: 5000 },
        );
        expect(reply.json<{ response: PasswordResetMailQueued }>().response).toEqual({ queued: true });
      }
    } finally {
      await nats.close();
    }
    await sink.waitFor(user.user.email);
    await outboxSettled(notificationsDb());
    expect(sink.to(user.user.email)).toHaveLength(1);
    expect(
      await sql(notificationsDb(), `SELECT 1 FROM outbox WHERE kind = 'PASSWORD_RESET' AND user_id = $1`, [
        user.user._id,
      ]),
    ).toHaveLength(1);
  });
});

describe('upcoming and stats', () => {
  it('lists contacts coming due within 7 days and counts overdue contacts and reminders sent', async () => {
    const user = await userWithOverdue();
    await createContact(user, {
      firstName: 'Soon',
      lastName: 'Due',
      customReminderDays: 30,
      lastContactDate: daysAgo(27),
    });
    await createContact(user, {
      firstName: 'Far',
      lastName: 'Away',
      customReminderDays: 30,
      lastContactDate: daysAgo(1),
    });

    const before = await api('GET', '/api/notifications/stats', { headers: user.authHeader });
    expect(before.body.data).toEqual({ overdueCount: 1, upcomingCount: 1, remindersSent: 0, lastSentAt: null });

    const upcoming = await api('GET', '/api/notifications/upcoming', { headers: user.authHeader });
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.data.items.map((item: { firstName: string }) => item.firstName)).toEqual(['Soon']);

    await api('POST', '/api/notifications/test', { headers: user.authHeader });
    const after = await api('GET', '/api/notifications/stats', { headers: user.authHeader });
    expect(after.body.data).toMatchObject({ overdueCount: 1, upcomingCount: 1, remindersSent: 1 });
    expect(Date.now() - Date.parse(after.body.data.lastSentAt)).toBeLessThan(10_000);
  });
});

describe('birthdays in the reminder e-mails', () => {
  /** "--MM-DD" (or with a year) of the UTC day `days` from today. */
  const birthdayIn = (days: number, year?: number) =>
    `${year ?? '-'}${new Date(Date.now() + days * 86_400_000).toISOString().slice(4, 10)}`;

  it("mails a user whose only news is a birthday today, and lists the next 7 days' birthdays with the overdue ones", async () => {
    const celebrating = await stack.registerUser();
    await createContact(celebrating, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      lastContactDate: daysAgo(1),
      birthday: birthdayIn(0),
    });
    await createContact(celebrating, {
      firstName: 'Too',
      lastName: 'Far',
      lastContactDate: daysAgo(1),
      birthday: birthdayIn(9),
    });
    const busy = await stack.registerUser();
    await createContact(busy, { firstName: 'Alan', lastName: 'Turing' });
    await createContact(busy, {
      firstName: 'Grace',
      lastName: 'Hopper',
      lastContactDate: daysAgo(1),
      birthday: birthdayIn(5, 1990),
    });
    const quiet = await stack.registerUser();
    await createContact(quiet, {
      firstName: 'Next',
      lastName: 'Month',
      lastContactDate: daysAgo(1),
      birthday: birthdayIn(30),
    });

    // A user's run is their own reminders: each of the three asks for theirs.
    for (const user of [celebrating, busy, quiet]) expect((await triggerDaily(user)).status).toBe(200);

    const [birthdayMail] = await sink.waitFor(celebrating.user.email, {
      matching: (mail) => mail.subject === "Kith: Ada Lovelace's birthday is today",
    });
    const appUrl = stack.env.APP_URL;
    for (const part of [birthdayMail!.text!, birthdayMail!.html as string]) {
      expect(part).toContain('Ada Lovelace');
      expect(part).toContain('Today');
      expect(part).toContain(`${appUrl}/contacts/`);
      expect(part).not.toContain('Too Far');
    }
    expect(birthdayMail!.html).toMatch(
      /<h1[^>]*>Ada Lovelace&#39;s birthday is today<\/h1>|<h1[^>]*>Ada Lovelace's birthday is today<\/h1>/,
    );

    const [overdueMail] = await sink.waitFor(busy.user.email, {
      matching: (mail) => mail.subject === 'Kith: 1 contact needs attention',
    });
    expect(overdueMail!.text).toContain('- Alan Turing: Never contacted');
    expect(overdueMail!.text).toContain('Birthdays:');
    expect(overdueMail!.text).toMatch(/- Grace Hopper: In 5 days, .* · turns \d+/);

    await outboxSettled(notificationsDb());
    expect(dailyMailsTo(quiet.user.email)).toHaveLength(0);
  });

  it('lists birthdays in the test reminder too', async () => {
    const user = await stack.registerUser();
    await createContact(user, {
      firstName: 'Charles',
      lastName: 'Babbage',
      lastContactDate: daysAgo(1),
      birthday: birthdayIn(1, 1791),
    });
    const answer = await api('POST', '/api/notifications/test', { headers: user.authHeader });
    expect(answer.status).toBe(200);
    const [mail] = await sink.waitFor(user.user.email);
    expect(mail!.subject).toBe(
      `[Test] Kith: Charles Babbage turns ${new Date(Date.now() + 86_400_000).getUTCFullYear() - 1791} tomorrow`,
    );
    expect(mail!.text).toContain('- Charles Babbage: Tomorrow,');
  });
});
