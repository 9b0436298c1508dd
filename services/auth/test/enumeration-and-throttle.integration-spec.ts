import { ErrorMessage } from '@kith/contracts';
import {
  type ApiAnswer,
  call,
  eventually,
  noteRetry,
  sleep,
  sql,
  startTestStack,
  type TestStack,
} from '@kith/stack/testing';
import pg from 'pg';

/**
 * Whether an address has an account must show neither in answers nor in their timing, and
 * guessing a password must get slow per account, whichever way and from however many addresses
 * the guesses come.
 */

const LOGIN_BACKOFF_BASE_MS = 300;
/** Long enough for a few sign-ins to be answered within one wait on a busy machine. */
const LOGIN_BACKOFF_MAX_MS = 3000;
/** Per client address, at the gateway: tiny, so only distinct addresses get 30 guesses through it. */
const AUTH_RATE_LIMIT_MAX = 3;
/**
 * Timing is compared as the issue states it, the median of 20 tries each; the assertion is on the
 * median of the differences between each known try and the unknown one next to it, in which a
 * busy shared machine's slow swings of load cancel out. A comparison that misses is measured
 * again, up to ROUNDS times: noise does not repeat, a real difference does. Each repeat is noted
 * (noteRetry), so `npm test` names it as a retry (allowed for these tests: scripts/test-allowlist.mjs). The deterministic
 * test below (tables locked) shows what the request path waits for; scripts/bench/
 * enumeration-timing.mjs measures 200 tries each on a stack of its own.
 */
const TIMING_MARGIN_MS = 2;
const ROUNDS = 3;
const TRIES = 20;

let stack: TestStack;
let owner: { email: string; password: string };
let address = 0;
/** A client address of its own for every request: the gateway trusts one proxy hop here. */
const nextClientAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

beforeAll(async () => {
  stack = await startTestStack({
    // notifications takes the reset mails, so auth is not busy retrying them meanwhile.
    services: ['auth', 'notifications', 'gateway'],
    env: {
      TRUST_PROXY_HOPS: '1',
      AUTH_RATE_LIMIT_MAX: String(AUTH_RATE_LIMIT_MAX),
      LOGIN_BACKOFF_BASE_MS: String(LOGIN_BACKOFF_BASE_MS),
      LOGIN_BACKOFF_MAX_MS: String(LOGIN_BACKOFF_MAX_MS),
    },
  });
  owner = await register();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

/** A new account, made at the auth port (the gateway's per-address limit is tiny here). */
async function register(password = 'the-right-password') {
  address += 1;
  const email = `throttle-${address}-${Date.now()}@example.test`;
  const answer = await call(stack.urls.auth, 'POST', '/api/auth/register', {
    body: { firstName: 'Test', lastName: 'Throttle', email, password },
  });
  if (answer.status !== 201) throw new Error(`register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { email, password };
}

/** How many reset tokens the account of `email` has had. */
const tokensOf = async (email: string) =>
  Number(
    (
      await sql<{ count: string }>(
        stack.databaseUrls.auth,
        'SELECT count(*) FROM password_reset_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = $1',
        [email],
      )
    )[0]!.count,
  );

type Send = (path: string, body: unknown, headers?: Record<string, string>) => Promise<ApiAnswer>;
const viaGateway: Send = (path, body, headers) =>
  call(stack.gatewayUrl, 'POST', path, { body, headers: { 'x-forwarded-for': nextClientAddress(), ...headers } });
const atAuthPort: Send = (path, body, headers) => call(stack.urls.auth, 'POST', path, { body, headers });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
};

/** Milliseconds from sending to the whole answer read. */
async function timed(request: () => Promise<{ status: number }>, expectedStatus: number): Promise<number> {
  const started = performance.now();
  const answer = await request();
  const elapsed = performance.now() - started;
  expect(answer.status).toBe(expectedStatus);
  return elapsed;
}

interface Timings {
  known: number;
  unknown: number;
  /** Median of (known try − the unknown try next to it). */
  paired: number;
}

/**
 * TRIES of each, interleaved (and in alternating order) so that load on the machine falls on
 * both alike, with a pause that lets work done after an answer finish before the next request.
 */
async function compareTimings(
  known: (i: number) => Promise<{ status: number }>,
  unknown: (i: number) => Promise<{ status: number }>,
  expectedStatus: number,
): Promise<Timings> {
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < TRIES; i++) {
    const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    for (const which of order) {
      times[which].push(await timed(() => (which === 'known' ? known(i) : unknown(i)), expectedStatus));
      await sleep(40);
    }
  }
  return {
    known: median(times.known),
    unknown: median(times.unknown),
    paired: median(times.known.map((time, i) => time - times.unknown[i]!)),
  };
}

/** Measures up to ROUNDS times, until the paired median is within `margin`; prints every round. */
async function expectSameTiming(what: string, measure: () => Promise<Timings>, margin: (timings: Timings) => number) {
  const misses: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const timings = await measure();
    console.log(
      `${what}, round ${round}: median ${timings.known.toFixed(2)} ms for a known address, ` +
        `${timings.unknown.toFixed(2)} ms for an unknown one (${TRIES} tries each; ` +
        `difference of the medians ${Math.abs(timings.known - timings.unknown).toFixed(2)} ms, ` +
        `median of the paired differences ${timings.paired.toFixed(2)} ms)`,
    );
    if (Math.abs(timings.paired) < margin(timings)) return;
    misses.push(timings.paired);
    if (round < ROUNDS) noteRetry(`${what}: round ${round} differed by ${timings.paired.toFixed(2)} ms`);
  }
  throw new Error(`${what}: known and unknown addresses differ in time in every round (${misses.join(', ')} ms)`);
}

describe('enumeration is invisible in time', () => {
  it('forgot-password answers a known and an unknown address in the same time', async () => {
    // Warm-up: the first requests of a fresh process pay for JIT and connection set-up.
    for (let i = 0; i < 5; i++) await atAuthPort('/api/auth/forgot-password', { email: owner.email });
    await expectSameTiming(
      'forgot-password at the auth port',
      () =>
        compareTimings(
          () => atAuthPort('/api/auth/forgot-password', { email: owner.email }),
          (i) => atAuthPort('/api/auth/forgot-password', { email: `nobody-${i}-${Date.now()}@example.test` }),
          200,
        ),
      () => TIMING_MARGIN_MS,
    );
  }, 180_000);

  it('forgot-password answers without waiting for the lookup or the token (tables locked meanwhile)', async () => {
    const locker = new pg.Client({ connectionString: stack.databaseUrls.auth });
    await locker.connect();
    const before = await tokensOf(owner.email);
    const LOCK_MS = 3000;
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE users, password_reset_tokens IN ACCESS EXCLUSIVE MODE');
      const release = sleep(LOCK_MS).then(() => locker.query('ROLLBACK'));
      // Had the answer waited for the database, it would have come after the lock was released.
      const known = await timed(() => atAuthPort('/api/auth/forgot-password', { email: owner.email }), 200);
      const unknown = await timed(
        () => atAuthPort('/api/auth/forgot-password', { email: `nobody-${Date.now()}@example.test` }),
        200,
      );
      console.log(
        `forgot-password with the tables locked: ${known.toFixed(1)} ms known, ${unknown.toFixed(1)} ms unknown`,
      );
      expect(known).toBeLessThan(LOCK_MS / 2);
      expect(unknown).toBeLessThan(LOCK_MS / 2);
      await release;
    } finally {
      await locker.end();
    }
    // The work was queued, not dropped: the token is stored once the tables are free again.
    await eventually(async () => (await tokensOf(owner.email)) > before, { what: 'the reset token' });
  }, 60_000);

  it('login answers a wrong password and an unknown address in the same time', async () => {
    // One account per try, so the per-account backoff never steps in.
    const accounts: { email: string; password: string }[] = [];
    for (let i = 0; i < TRIES * ROUNDS; i++) accounts.push(await register());
    for (let i = 0; i < 3; i++)
      await atAuthPort('/api/auth/login', { email: `warm-${i}@example.test`, password: 'x-x-x-x' });
    let round = 0;
    await expectSameTiming(
      'login at the auth port',
      () => {
        const offset = TRIES * round++;
        return compareTimings(
          (i) => atAuthPort('/api/auth/login', { email: accounts[offset + i]!.email, password: 'not-the-password' }),
          (i) =>
            atAuthPort('/api/auth/login', { email: `nobody-${i}-${Date.now()}@example.test`, password: 'wrong-one' }),
          401,
        );
      },
      // Both spend one argon2 verification (tens of ms, with jitter of its own on a busy machine).
      (timings) => Math.max(TIMING_MARGIN_MS, timings.unknown * 0.15),
    );
  }, 300_000);
});

describe('per-account throttling', () => {
  const guesses = async (send: Send, email: string, headers?: Record<string, string>) => {
    const answers: ApiAnswer<{ error: string }>[] = [];
    for (let i = 0; i < 30; i++)
      answers.push(await send('/api/auth/login', { email, password: `guess-${i}-wrong` }, headers));
    return {
      checked: answers.filter((answer) => answer.status === 401).length,
      accountWaits: answers.filter(
        (answer) => answer.status === 429 && /failed sign-ins for this account/.test(answer.body.error),
      ).length,
      perAddressLimited: answers.filter(
        (answer) => answer.status === 429 && answer.body.error === ErrorMessage.RATE_LIMITED,
      ).length,
      other: answers.filter((answer) => answer.status !== 401 && answer.status !== 429).map((answer) => answer.status),
    };
  };

  /**
   * Signs in as the owner did before any attack, through the gateway (from an address of its own)
   * or at the auth port; the Cookie header their browser sends from then on.
   */
  async function knownDevice(send: Send, { email, password }: { email: string; password: string }) {
    const baseUrl = send === viaGateway ? stack.gatewayUrl : stack.urls.auth;
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientAddress() },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      /^kith_device=[\w.-]+; Path=\/api\/auth\/login; Max-Age=\d+; HttpOnly; Secure; SameSite=Strict$/,
    );
    return { cookie: setCookie.split(';')[0]! };
  }

  it.each([
    ['through the gateway, each guess from another address', viaGateway],
    ["at the auth service's own port", atAuthPort],
  ])(
    'slows 30 wrong passwords for one account %s, while its owner signs in from a known device',
    async (_how, send) => {
      const account = await register();
      const device = await knownDevice(send, account);
      const outcome = await guesses(send, account.email);

      // 5 free attempts, then each checked guess makes the next wait: most of the 30 are turned away.
      expect(outcome.other).toEqual([]);
      expect(outcome.perAddressLimited).toBe(0);
      expect(outcome.checked).toBeGreaterThanOrEqual(5);
      expect(outcome.checked).toBeLessThanOrEqual(12);
      expect(outcome.accountWaits).toBe(30 - outcome.checked);

      // The wait is at most LOGIN_BACKOFF_MAX_MS; the guess after it is checked and makes the next wait
      // that long, in which the right password from a client the account has not seen is turned away
      // too (or guessing would go on)...
      await sleep(LOGIN_BACKOFF_MAX_MS + 200);
      expect((await send('/api/auth/login', { email: account.email, password: 'one-more-guess' })).status).toBe(401);
      const stranger = await send('/api/auth/login', account);
      expect(stranger.status).toBe(429);
      expect(stranger.body.error).toMatch(/please try again in \d+ seconds?$/);
      // ...while the owner, from the device they signed in with before, is let in at once...
      expect((await send('/api/auth/login', account, device)).status).toBe(200);
      // ...without giving the attacker fresh free attempts: the account still waits.
      expect((await send('/api/auth/login', { email: account.email, password: 'and-another' })).status).toBe(429);

      // A client the account has not seen is kept out minutes at most, never locked out.
      await sleep(LOGIN_BACKOFF_MAX_MS + 200);
      expect((await send('/api/auth/login', account)).status).toBe(200);
      // Success forgets the guesses: the next wrong password is checked at once.
      expect((await send('/api/auth/login', { email: account.email, password: 'wrong-again' })).status).toBe(401);
    },
    120_000,
  );

  it('a known device is slowed by its own failures, and is no help with another account', async () => {
    const account = await register();
    const device = await knownDevice(atAuthPort, account);
    // A stolen device value, or the owner mistyping, gets the same backoff on the device's own count.
    const outcome = await guesses(atAuthPort, account.email, device);
    expect(outcome.other).toEqual([]);
    expect(outcome.checked).toBeGreaterThanOrEqual(5);
    expect(outcome.checked).toBeLessThanOrEqual(12);
    expect(outcome.accountWaits).toBe(30 - outcome.checked);
    // Those failures were the device's: a client without it still has the account's free attempts.
    expect((await atAuthPort('/api/auth/login', { email: account.email, password: 'not-it' })).status).toBe(401);

    // Another account under attack: this device value does not get past its wait.
    const other = await register();
    await guesses(atAuthPort, other.email);
    await sleep(LOGIN_BACKOFF_MAX_MS + 200);
    expect((await atAuthPort('/api/auth/login', { email: other.email, password: 'one-more-guess' })).status).toBe(401);
    expect((await atAuthPort('/api/auth/login', other, device)).status).toBe(429);
  }, 60_000);

  it('a known device is still limited per client address at the gateway', async () => {
    const account = await register();
    const device = await knownDevice(viaGateway, account);
    const from = { ...device, 'x-forwarded-for': nextClientAddress() };
    const answers = [];
    for (let i = 0; i <= AUTH_RATE_LIMIT_MAX; i++)
      answers.push(await call(stack.gatewayUrl, 'POST', '/api/auth/login', { body: account, headers: from }));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(AUTH_RATE_LIMIT_MAX).fill(200), 429]);
    expect(answers.at(-1)!.body.error).toBe(ErrorMessage.RATE_LIMITED);
  }, 60_000);

  it('throttles an unknown address the same way, so throttling tells nothing about who has an account', async () => {
    const outcome = await guesses(atAuthPort, `ghost-${Date.now()}@example.test`);
    expect(outcome.other).toEqual([]);
    expect(outcome.checked).toBeLessThanOrEqual(12);
    expect(outcome.accountWaits).toBe(30 - outcome.checked);
  }, 60_000);

  it('leaves other accounts alone', async () => {
    await guesses(atAuthPort, owner.email);
    const { email, password } = await register();
    expect((await atAuthPort('/api/auth/login', { email, password })).status).toBe(200);
  }, 60_000);
});
