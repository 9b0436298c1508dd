import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One Prometheus registry per process, served as text at `GET /metrics` (services: beside
 * /health, never proxied by the gateway; gateway: on its own loopback port). Every series carries
 * the process's `service` label.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export function labelMetrics(service: string): void {
  metricsRegistry.setDefaultLabels({ service });
}

const registers = [metricsRegistry];
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const httpRequestDuration = new Histogram({
  name: 'kith_http_request_duration_seconds',
  help: 'HTTP requests by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

export const natsRequestDuration = new Histogram({
  name: 'kith_nats_request_duration_seconds',
  help: 'NATS requests this process sent, by subject and outcome (ok, error, timeout, unavailable)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

export const natsRequestTimeouts = new Counter({
  name: 'kith_nats_request_timeouts_total',
  help: 'NATS requests that got no answer within their timeout',
  labelNames: ['subject'] as const,
  registers,
});

/** Service-specific series (outbox depth, daily run, import sizes) register here too. */
export const defineMetric = {
  counter: <Label extends string>(options: { name: string; help: string; labelNames?: readonly Label[] }) =>
    new Counter<Label>({ ...options, registers }),
  gauge: <Label extends string>(options: {
    name: string;
    help: string;
    labelNames?: readonly Label[];
    collect?: (this: Gauge<Label>) => void | Promise<void>;
  }) => new Gauge<Label>({ ...options, registers }),
  histogram: <Label extends string>(options: {
    name: string;
    help: string;
    labelNames?: readonly Label[];
    buckets: number[];
  }) => new Histogram<Label>({ ...options, registers }),
};

export const serveMetrics: RequestHandler = (_request, response, next) => {
  metricsRegistry
    .metrics()
    .then((text) => response.status(200).type(metricsRegistry.contentType).send(text))
    .catch(next);
};
