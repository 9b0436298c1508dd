import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server for tests: it accepts every message, parses it and keeps it; it can go down and come back on its port. */
export class SmtpSink {
  readonly messages: ParsedMail[] = [];
  private server: SMTPServer | null = null;

  private constructor(readonly port: number) {}

  static async start(port = 0): Promise<SmtpSink> {
    const sink = new SmtpSink(port);
    await sink.up();
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      logger: false,
      closeTimeout: 100,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.messages.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    (this as { port: number }).port = (server.server.address() as { port: number }).port;
    this.server = server;
  }

  /** Stops listening and drops open connections: the mail server is down. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  to(address: string): ParsedMail[] {
    return this.messages.filter((mail) => recipients(mail).includes(address.toLowerCase()));
  }

  /** Waits until `count` messages to `address` match, then returns them. */
  async waitFor(
    address: string,
    {
      count = 1,
      matching = () => true,
      timeoutMs = 10_000,
    }: { count?: number; matching?: (mail: ParsedMail) => boolean; timeoutMs?: number } = {},
  ): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.to(address).filter(matching);
      if (found.length >= count) return found;
      if (Date.now() > deadline)
        throw new Error(`Expected ${count} mail(s) to ${address} within ${timeoutMs} ms, got ${found.length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()));
}
