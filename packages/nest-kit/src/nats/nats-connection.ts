import { type NatsPeer, natsInboxPrefix } from '@kith/contracts';
import { ConfigError } from '../config/load-config.js';

/** Where and as whom a process connects to NATS: NATS_URL (one URL, or a cluster's nodes separated by commas), NATS_USER and NATS_PASSWORD. */
export interface NatsSettings {
  NATS_URL: string;
  NATS_USER?: string;
  NATS_PASSWORD?: string;
}

/** Options of `@nats-io/transport-node`'s connect() that Nest's NATS client and server pass through. */
export interface NatsConnectionOptions {
  servers: string[];
  name: string;
  user?: string;
  pass?: string;
  inboxPrefix: string;
  maxReconnectAttempts: number;
}

/**
 * Connection options for one of `peer`'s connections (`role` names it in NATS monitoring). Replies
 * come back under the peer's own inbox prefix, the only inbox its NATS user may subscribe to.
 */
export function natsConnectionOptions(
  settings: NatsSettings,
  peer: NatsPeer,
  role: 'client' | 'server',
): NatsConnectionOptions {
  const { NATS_URL, NATS_USER, NATS_PASSWORD } = settings;
  if (Boolean(NATS_USER) !== Boolean(NATS_PASSWORD)) {
    throw new ConfigError(
      `Invalid configuration:\n  - ${NATS_USER ? 'NATS_PASSWORD' : 'NATS_USER'}: is required when ${
        NATS_USER ? 'NATS_USER' : 'NATS_PASSWORD'
      } is set`,
    );
  }
  return {
    // Several nodes of a cluster: the client picks one and fails over to the others.
    servers: NATS_URL.split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    name: `${peer}-${role}`,
    ...(NATS_USER ? { user: NATS_USER, pass: NATS_PASSWORD } : {}),
    inboxPrefix: natsInboxPrefix(peer),
    maxReconnectAttempts: -1,
  };
}
