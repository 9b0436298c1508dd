// A process that can reach the bus must not be able to subscribe to the password-reset subject,
// read a reset token for someone else's account and set its password: every process has its
// own NATS user and may only use the subjects its role needs (NATS_SUBJECT_ACCESS).
import {
  NATS_PEERS,
  NATS_SUBJECT_ACCESS,
  NatsSubject,
  type NatsPeer,
  type NatsSubjectAccess,
  type PasswordResetMailRequest,
} from '@kith/contracts';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { call, sleep, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { SmtpSink } from './smtp-sink.js';
import { outboxSettled } from './support.js';

const RESET = NatsSubject.NOTIFICATIONS_QUEUE_PASSWORD_RESET_MAIL;
const VIOLATION = /Permissions Violation/;

let stack: TestStack;
let sink: SmtpSink;
const connections: NatsConnection[] = [];

beforeAll(async () => {
  sink = await SmtpSink.start();
  stack = await startTestStack({
    services: ['auth', 'contacts', 'notifications', 'gateway'],
    // The outbox timings outboxSettled() assumes (support.ts).
    env: {
      SMTP_URL: sink.url,
      OUTBOX_POLL_MS: '200',
      OUTBOX_BACKOFF_BASE_MS: '200',
      OUTBOX_BACKOFF_MAX_MS: '800',
      DAILY_RUN_RETRY_MS: '500',
    },
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
  await stack?.stop();
  await sink?.down();
});

async function connectAs(peer: NatsPeer): Promise<NatsConnection> {
  const connection = await connect(stack.natsConnectOptions(peer));
  connections.push(connection);
  return connection;
}

/** Everything a subscription receives, and why it ended (a permission violation closes it). */
function record(subscription: Subscription) {
  const received: string[] = [];
  const ended = (async () => {
    try {
      for await (const message of subscription) received.push(message.string());
      return 'ended without an error';
    } catch (error) {
      return (error as Error).message;
    }
  })();
  /** The reason it ended, or 'still subscribed' (the server accepted it). */
  const outcome = () => Promise.race([ended, sleep(3000).then(() => 'still subscribed')]);
  return { received, outcome };
}

const resetLinkIn = (text: string) => /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1];

describe('who may connect', () => {
  it('refuses a client without credentials, and one with a wrong password', async () => {
    await expect(connect({ servers: stack.natsUrl })).rejects.toThrow(/Authorization Violation/);
    await expect(
      connect({ servers: stack.natsUrl, user: 'notifications', pass: `${stack.natsCredentials.auth.password}` }),
    ).rejects.toThrow(/Authorization Violation/);
  });
});

describe('the password-reset subject', () => {
  it("cannot be read with another service's credentials, while the reset mail still arrives", async () => {
    const { user } = await stack.registerUser();
    // The owner, listening beside its queue group, sees the request: what a rogue would have read.
    const owner = record((await connectAs('notifications')).subscribe(RESET));
    const rogues = await Promise.all(
      (['contacts', 'gateway', 'auth'] as const).map(async (peer) => {
        const connection = await connectAs(peer);
        const rogue = {
          peer,
          direct: record(connection.subscribe(RESET)),
          everything: record(connection.subscribe('>')),
        };
        await connection.flush();
        return rogue;
      }),
    );
    await (await connectAs('notifications')).flush();

    const answer = await call(stack.gatewayUrl, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    expect(answer.status).toBe(200);
    const [mail] = await sink.waitFor(user.email);
    const token = decodeURIComponent(resetLinkIn(mail!.text!)!);

    expect(owner.received.map((raw) => (JSON.parse(raw) as { data: PasswordResetMailRequest }).data.token)).toEqual([
      token,
    ]);
    for (const rogue of rogues) {
      expect([rogue.peer, rogue.direct.received, rogue.everything.received]).toEqual([rogue.peer, [], []]);
      expect([rogue.peer, await rogue.direct.outcome(), await rogue.everything.outcome()]).toEqual([
        rogue.peer,
        expect.stringMatching(VIOLATION),
        expect.stringMatching(VIOLATION),
      ]);
    }
    // The flow is whole: the mailed token sets the password.
    const reset = await call(stack.gatewayUrl, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'a-brand-new-password' },
    });
    expect(reset.status).toBe(200);
  });

  it("cannot be asked for with another service's credentials (no mail is queued)", async () => {
    const { user } = await stack.registerUser();
    const forged: PasswordResetMailRequest = {
      userId: user._id,
      email: user.email,
      firstName: user.firstName,
      token: 'chosen-by-the-attacker',
      expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
    };
    const packet = JSON.stringify({ pattern: RESET, data: forged, id: 'forged' });
    for (const peer of ['contacts', 'gateway', 'notifications'] as const) {
      const connection = await connectAs(peer);
      await expect(connection.request(RESET, packet, { timeout: 3000 })).rejects.toThrow(VIOLATION);
    }
    // Nothing pending through a whole retry window: a mail queued by the forged request would have gone out.
    await outboxSettled(stack.databaseUrls.notifications);
    expect(sink.to(user.email)).toHaveLength(0);
    expect(
      await sql(stack.databaseUrls.notifications, 'SELECT 1 FROM outbox WHERE user_id = $1', [user._id]),
    ).toHaveLength(0);
  });
});

describe('every subject', () => {
  const entries = Object.entries(NATS_SUBJECT_ACCESS) as [NatsSubject, NatsSubjectAccess][];
  const mayPublish = (peer: NatsPeer, [, access]: [NatsSubject, NatsSubjectAccess]) =>
    access.kind === 'request' ? access.peers.includes(peer) : access.owner === peer;
  const maySubscribe = (peer: NatsPeer, [, access]: [NatsSubject, NatsSubjectAccess]) =>
    access.kind === 'request' ? access.owner === peer : access.peers.includes(peer);

  it('refuses a publish by any process its role does not allow', async () => {
    for (const peer of NATS_PEERS) {
      const connection = await connectAs(peer);
      const forbidden = entries.filter((entry) => !mayPublish(peer, entry)).map(([subject]) => subject);
      const outcomes = await Promise.all(
        forbidden.map((subject) =>
          connection.request(subject, '{}', { timeout: 3000 }).then(
            () => 'answered',
            (error: Error) => (VIOLATION.test(error.message) ? 'refused' : error.message),
          ),
        ),
      );
      expect([peer, forbidden.filter((_, index) => outcomes[index] !== 'refused')]).toEqual([peer, []]);
    }
  });

  it('refuses a subscription by any process its role does not allow, and to the inbox of another', async () => {
    for (const peer of NATS_PEERS) {
      const connection = await connectAs(peer);
      const forbidden = [
        ...entries.filter((entry) => !maySubscribe(peer, entry)).map(([subject]): string => subject),
        ...NATS_PEERS.filter((other) => other !== peer).map((other) => `_INBOX.${other}.>`),
        '_INBOX.>',
      ];
      const outcomes = await Promise.all(forbidden.map((subject) => record(connection.subscribe(subject)).outcome()));
      expect([peer, forbidden.filter((_, index) => !VIOLATION.test(outcomes[index]!))]).toEqual([peer, []]);
    }
  });
});
