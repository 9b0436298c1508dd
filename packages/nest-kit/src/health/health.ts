import { Controller, Get, Inject, Module, type DynamicModule, Res } from '@nestjs/common';
import { HEALTH_NOT_CONFIGURED, type HealthReport } from '@kith/contracts';
import type { Response } from 'express';
import { Public } from '../auth/jwt-auth.guard.js';

/** A named probe; it throws when its dependency is down, and answers 'not configured' for an optional part left off. */
export interface HealthCheck {
  name: string;
  check(): Promise<void | typeof HEALTH_NOT_CONFIGURED>;
}

export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');
const CHECK_TIMEOUT_MS = 2000;

export async function runHealthChecks(checks: HealthCheck[]): Promise<HealthReport> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => {
      try {
        const outcome = await Promise.race([
          check(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref()),
        ]);
        return [name, { status: outcome === HEALTH_NOT_CONFIGURED ? outcome : ('up' as const) }] as const;
      } catch (error) {
        return [name, { status: 'down' as const, detail: (error as Error).message }] as const;
      }
    }),
  );
  const report = Object.fromEntries(results);
  const noneDown = results.every(([, result]) => result.status !== 'down');
  return { status: noneDown ? 'ok' : 'degraded', checks: report };
}

@Controller()
export class HealthController {
  constructor(@Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[]) {}

  /** Bare (not enveloped) so load balancers and the gateway can read it directly. */
  @Public()
  @Get('health')
  async health(@Res() response: Response): Promise<void> {
    const report = await runHealthChecks(this.checks);
    response.status(report.status === 'ok' ? 200 : 503).json(report);
  }

  /** Liveness: the process answers HTTP. An orchestrator restarts it when this fails, not when a dependency is down. */
  @Public()
  @Get('health/live')
  live(@Res() response: Response): void {
    response.status(200).json({ status: 'ok' });
  }
}

@Module({})
export class HealthModule {
  /** `checks` is a factory so it can use injected providers (database, NATS client). */
  static forRoot(options: { inject: unknown[]; useFactory: (...deps: never[]) => HealthCheck[] }): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [{ provide: HEALTH_CHECKS, inject: options.inject as never[], useFactory: options.useFactory }],
    };
  }
}
