import type { AuthTokens, NatsPeer, User } from '@kith/contracts';

export interface ServiceHandle {
  name: string;
  port: number;
  url: string;
  /** What the stack waits for before it calls the process ready: 200 once it serves. */
  healthUrl: string;
  replica: number;
  /** The current process (a new one after each restart by the supervisor). */
  readonly child: import('node:child_process').ChildProcess;
  /** Settles when the current process exits. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal on purpose (SIGKILL by default), without the process's output dumped as for a crash. */
  kill(signal?: NodeJS.Signals): void;
  /** Deliberate stop: never restarted. */
  stop(timeoutMs?: number): Promise<void>;
  recentOutput(): string;
}

export interface NatsCredentials {
  user: string;
  password: string;
}

/** What `connect()` of @nats-io/transport-node (and Nest's NATS client) takes to connect as a peer. */
export interface NatsConnectOptions {
  servers: string;
  user: string;
  pass: string;
  inboxPrefix: string;
  name: string;
}

export interface RegisteredUser {
  user: User;
  tokens: AuthTokens;
  password: string;
  authHeader: { authorization: string };
}

export interface TestStack {
  gatewayUrl: string;
  /** Prometheus text of the gateway, on its loopback-only metrics port. */
  gatewayMetricsUrl: string;
  urls: Record<'auth' | 'contacts' | 'notifications', string>;
  /** Every replica's base URL of a service (started or not yet), in replica order. */
  replicaUrls(name: 'auth' | 'contacts' | 'notifications'): string[];
  ports: Record<string, number>;
  databaseUrls: Record<'auth' | 'contacts' | 'notifications', string>;
  natsUrl: string;
  /** Each process's NATS user, generated for this stack. */
  natsCredentials: Record<NatsPeer, NatsCredentials>;
  natsConnectOptions(peer: NatsPeer): NatsConnectOptions;
  running: Map<string, ServiceHandle[]>;
  smtpUrl: string;
  env: Record<string, string>;
  startService(name: string, options?: { replica?: number; env?: Record<string, string> }): Promise<ServiceHandle>;
  stopService(name: string, options?: { replica?: number }): Promise<void>;
  registerUser(
    overrides?: Partial<{ firstName: string; lastName: string; email: string; password: string }>,
  ): Promise<RegisteredUser>;
  /**
   * Steps up as the user would (POST /api/auth/step-up with its password, and `factor` when
   * two-factor sign-in is on): the X-Step-Up header that guarded changes take.
   */
  stepUpHeader(
    user: Pick<RegisteredUser, 'authHeader' | 'password'>,
    factor?: { code: string } | { recoveryCode: string },
  ): Promise<{ 'x-step-up': string }>;
  stop(): Promise<void>;
}

export function startTestStack(options?: {
  services?: string[];
  env?: Record<string, string>;
  smtpUrl?: string;
  /** Restart a process that dies unexpectedly, as `npm start` does. */
  supervise?: boolean;
  /** Use the databases `kith_<service><suffix>` (made by the test) instead of fresh ones; dropped on stop. */
  databaseSuffix?: string;
  /** Each process writes its whole output to `<logDir>/<name>-<replica>.log`. */
  logDir?: string;
}): Promise<TestStack>;

export function eventually<T>(
  probe: () => Promise<T>,
  options?: { timeoutMs?: number; what?: string },
): Promise<NonNullable<T>>;

export function sleep(ms: number): Promise<void>;
/** The running test repeats a measurement: counted as flaky by `npm test` unless allowlisted. */
export function noteRetry(why: string): void;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely, as JSON
export interface ApiAnswer<T = any> {
  status: number;
  body: T;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as ApiAnswer
export function call<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options?: { body?: unknown; headers?: Record<string, string> },
): Promise<ApiAnswer<T>>;

export function sql<Row = Record<string, unknown>>(
  databaseUrl: string,
  text: string,
  values?: unknown[],
): Promise<Row[]>;

/** One HTTP answer, as `apiConformance(...).check` reads it; `body` is the text or the parsed JSON. */
export interface ObservedAnswer {
  method: string;
  /** The path (with any query), or a whole URL. */
  url: string;
  status: number;
  contentType: string | null;
  body: unknown;
}

/** Checks real answers against an OpenAPI 3.1 document; building it compiles every schema (strict). */
export function apiConformance(
  document: object,
  options?: { lazy?: boolean },
): {
  /** Problems with the answer; empty when it conforms. */
  check(answer: ObservedAnswer): string[];
  assertConforms(answer: ObservedAnswer): void;
  /** Each operation (`GET /api/contacts/{id}`) with its documented statuses and those seen so far. */
  coverage(): { operation: string; documented: number[]; seen: number[] }[];
};

/**
 * Holds an answer that came through a test stack's gateway (`baseUrl`) to the OpenAPI document
 * that gateway serves; throws when it does not conform. `call()` does this for every answer.
 */
export function checkAnswer(baseUrl: string, answer: ObservedAnswer): void;

/** A service's committed table types (services/<service>/src/database/tables.generated.ts). */
export function committedDbTypes(service: 'auth' | 'contacts' | 'notifications'): string;

/** The table types kysely-codegen makes of the database at `databaseUrl`, as the committed file must read. */
export function dbTypesOf(service: 'auth' | 'contacts' | 'notifications', databaseUrl: string): Promise<string>;
