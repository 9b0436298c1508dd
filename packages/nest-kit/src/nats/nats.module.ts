import { type DynamicModule, Module } from '@nestjs/common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import type { NatsPeer } from '@kith/contracts';
import { NATS_CLIENT_PROXY, NATS_TIMEOUT_MS, NatsClient } from './nats-client.js';
import { natsConnectionOptions, type NatsSettings } from './nats-connection.js';

export interface NatsModuleOptions {
  /** NATS_URL and this process's NATS credentials. */
  settings: NatsSettings;
  timeoutMs: number;
  /** Who connects: its NATS permissions and inbox (also the connection name in NATS monitoring). */
  name: NatsPeer;
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
              options: natsConnectionOptions(options.settings, options.name, 'client'),
            }),
        },
        { provide: NATS_TIMEOUT_MS, useValue: options.timeoutMs },
        NatsClient,
      ],
      exports: [NatsClient],
    };
  }
}
