import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { HealthReport } from '@kith/contracts';
import { NatsClient, Public, runHealthChecks } from '@kith/nest-kit';
import type { Response } from 'express';
import { GATEWAY_CONFIG } from '../gateway.tokens.js';
import type { GatewayConfig } from '../config/gateway.config.js';

type ServiceReport = HealthReport['checks'][string];

async function serviceHealth(url: string): Promise<ServiceReport> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
    const report = (await response.json()) as HealthReport;
    return { status: response.ok ? 'up' : 'down', checks: report.checks };
  } catch (error) {
    return { status: 'down', detail: (error as Error).message };
  }
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
      serviceHealth(this.config.AUTH_URL),
      serviceHealth(this.config.CONTACTS_URL),
      serviceHealth(this.config.NOTIFICATIONS_URL),
    ]);
    const checks: HealthReport['checks'] = {
      gateway: { status: own.status === 'ok' ? 'up' : 'down', checks: own.checks },
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
