import { REPLICA_DRAINING_HEADER, type HealthReport } from '@kith/contracts';
import type { RequestHandler } from 'express';

/** Probes and scrapes: not traffic, so they never keep a stopping replica open. */
const PROBE_PATHS = new Set(['/health', '/health/live', '/metrics']);

const DRAINING_REPORT: HealthReport = {
  status: 'degraded',
  checks: { shutdown: { status: 'down', detail: 'draining' } },
};

/**
 * The first step of a graceful stop. Closing the port at once resets any connection the kernel
 * has accepted but the process has not read yet, and a POST on it can be neither answered nor
 * safely sent elsewhere. So a stopping replica first keeps serving, marks every answer with
 * REPLICA_DRAINING_HEADER (the gateway then takes it out of its pool) and fails readiness, and
 * closes its port only once requests have stopped coming.
 */
export class Drain {
  private startedAt: number | null = null;
  private lastRequestAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  get draining(): boolean {
    return this.startedAt !== null;
  }

  /** Express middleware, ahead of every route: while draining, says so on every answer. */
  readonly middleware: RequestHandler = (request, response, next) => {
    if (this.startedAt === null) return next();
    response.setHeader(REPLICA_DRAINING_HEADER, '1');
    response.setHeader('connection', 'close');
    if (request.path === '/health') {
      response.status(503).json(DRAINING_REPORT);
      return;
    }
    if (!PROBE_PATHS.has(request.path)) this.lastRequestAt = this.now();
    next();
  };

  begin(): void {
    this.startedAt ??= this.now();
    this.lastRequestAt = this.now();
  }

  /** Whether the port may close: no request for `quietMs`, or draining for `maxMs` already. */
  settled(quietMs: number, maxMs: number): boolean {
    if (this.startedAt === null) return false;
    const now = this.now();
    return now - this.lastRequestAt >= quietMs || now - this.startedAt >= maxMs;
  }

  /** Resolves once `settled` (checked every `stepMs`). */
  async untilSettled(quietMs: number, maxMs: number, stepMs = 25): Promise<void> {
    while (!this.settled(quietMs, maxMs)) await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
