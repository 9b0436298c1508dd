import { createHash } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
}

/** Calls the API (through the gateway unless another base URL is given) and reads the JSON answer. */
export async function call<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** The stored form of a refresh or reset token, to find its row in the database. */
export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** Runs one SQL statement against a database of the stack. */
export async function sql<Row = Record<string, unknown>>(databaseUrl: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** Collects the payloads Nest publishes on a subject (`{pattern, data}` packets). */
export class EventRecorder<Payload> {
  readonly received: Payload[] = [];
  private constructor(private readonly connection: NatsConnection) {}

  static async listen<Payload>(natsUrl: string, subject: string): Promise<EventRecorder<Payload>> {
    const connection = await connect({ servers: natsUrl, name: 'auth-integration-test' });
    const recorder = new EventRecorder<Payload>(connection);
    const subscription = connection.subscribe(subject);
    void (async () => {
      for await (const message of subscription) recorder.received.push((message.json() as { data: Payload }).data);
    })();
    await connection.flush();
    return recorder;
  }

  /** The first payload matching, waiting for it up to `timeoutMs`. */
  async waitFor(matches: (payload: Payload) => boolean, timeoutMs = 5000): Promise<Payload> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(matches);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No matching event within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}
