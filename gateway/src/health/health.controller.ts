import { Controller, Get, Inject, Logger, Res } from '@nestjs/common';
import type { HealthReport } from '@kith/contracts';
import { NatsClient, Public, runHealthChecks } from '@kith/nest-kit';
import type { Response } from 'express';
import { GATEWAY_CONFIG } from '../gateway.tokens.js';
import type { GatewayConfig } from '../config/gateway.config.js';
import { replicaUrls } from '../proxy/replica-pool.js';

type ServiceReport = HealthReport['checks'][string];

const logger = new Logger('health');

/**
 * Up or down, per part, and nothing more: the reasons (a database error quoting its SQL, an
 * address that refused a connection) go to the gateway's log, not to whoever asks.
 */
function statusesOf(name: string, checks: ServiceReport['checks'] = {}): NonNullable<ServiceReport['checks']> {
  return Object.fromEntries(
    Object.entries(checks).map(([check, { status, detail }]) => {
      if (detail) logger.warn(`${name} ${check}: ${detail}`);
      return [check, { status }];
    }),
  );
}

async function serviceHealth(name: string, url: string): Promise<ServiceReport> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
    const report = (await response.json()) as HealthReport;
    return { status: response.ok ? 'up' : 'down', checks: statusesOf(name, report.checks) };
  } catch (error) {
    logger.warn(`${name}: ${(error as Error).message}`);
    return { status: 'down' };
  }
}

/**
 * A service with one replica reports as before; with several, each replica is a check of its own
 * (`replica <host:port>`) and the service is up while one of them is: it still serves every request.
 */
async function servicesHealth(name: string, urls: string[]): Promise<ServiceReport> {
  if (urls.length === 1) return serviceHealth(name, urls[0]!);
  const reports = await Promise.all(urls.map((url) => serviceHealth(`${name} ${url}`, url)));
  return {
    status: reports.some((report) => report.status === 'up') ? 'up' : 'down',
    checks: Object.fromEntries(
      urls.map((url, index) => [`replica ${new URL(url).host}`, { status: reports[index]!.status }]),
    ),
  };
}

@Controller('health')
export class HealthController {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(NatsClient) private readonly nats: NatsClient,
  ) {}

  /** Every part of the stack: each service (with its database and NATS link) and the gateway's NATS link. */
  @Public()
  @Get()
  async health(@Res() response: Response): Promise<void> {
    const [own, auth, contacts, notifications] = await Promise.all([
      runHealthChecks([{ name: 'nats', check: () => this.nats.ping() }]),
      servicesHealth('auth', replicaUrls(this.config.AUTH_URL)),
      servicesHealth('contacts', replicaUrls(this.config.CONTACTS_URL)),
      servicesHealth('notifications', replicaUrls(this.config.NOTIFICATIONS_URL)),
    ]);
    const checks: HealthReport['checks'] = {
      gateway: { status: own.status === 'ok' ? 'up' : 'down', checks: statusesOf('gateway', own.checks) },
      auth,
      contacts,
      notifications,
    };
    const report: HealthReport = {
      status: Object.values(checks).every((check) => check.status === 'up') ? 'ok' : 'degraded',
      checks,
    };
    response.status(report.status === 'ok' ? 200 : 503).json(report);
  }

  /** Liveness of the gateway process alone (for the launcher and orchestrators). */
  @Public()
  @Get('live')
  live(@Res() response: Response): void {
    response.status(200).json({ status: 'ok' });
  }
}
