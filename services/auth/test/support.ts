import { createHash } from 'node:crypto';
import { connect, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** The stored form of a refresh or reset token, to find its row in the database. */
export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** Collects the payloads Nest publishes on a subject (`{pattern, data}` packets). */
export class EventRecorder<Payload> {
  readonly received: Payload[] = [];
  private constructor(private readonly connection: NatsConnection) {}

  /** Listens as the peer `options` connect as (`stack.natsConnectOptions(peer)`). */
  static async listen<Payload>(options: ConnectionOptions, subject: string): Promise<EventRecorder<Payload>> {
    const connection = await connect(options);
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
