import { type DynamicModule, Module } from '@nestjs/common';
import { AccessTokenModule, NatsModule } from '@kith/nest-kit';
import type { GatewayConfig } from './config/gateway.config.js';
import { ApiDocsController } from './api-docs/api-docs.controller.js';
import { GATEWAY_CONFIG } from './gateway.tokens.js';
import { HealthController } from './health/health.controller.js';
import { ErasedUsers } from './security/erased-users.js';

@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AccessTokenModule.forRoot(config.JWT_PUBLIC_KEY),
        NatsModule.forRoot({ settings: config, timeoutMs: config.NATS_TIMEOUT_MS, name: 'gateway' }),
      ],
      controllers: [HealthController, ApiDocsController],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }, ErasedUsers],
    };
  }
}
