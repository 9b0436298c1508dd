import { type DynamicModule, Module } from '@nestjs/common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { NATS_CLIENT_PROXY, NATS_TIMEOUT_MS, NatsClient } from './nats-client.js';

export interface NatsModuleOptions {
  url: string;
  timeoutMs: number;
  /** Connection name shown in NATS monitoring. */
  name: string;
}

@Module({})
export class NatsModule {
  static forRoot(options: NatsModuleOptions): DynamicModule {
    return {
      module: NatsModule,
      global: true,
      providers: [
        {
          provide: NATS_CLIENT_PROXY,
          useFactory: () =>
            ClientProxyFactory.create({
              transport: Transport.NATS,
              options: { servers: [options.url], name: `${options.name}-client`, maxReconnectAttempts: -1 },
            }),
        },
        { provide: NATS_TIMEOUT_MS, useValue: options.timeoutMs },
        NatsClient,
      ],
      exports: [NatsClient],
    };
  }
}
