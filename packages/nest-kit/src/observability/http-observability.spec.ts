import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { REQUEST_ID_HEADER } from '@kith/contracts';
import express from 'express';
import { httpObservability } from './http-observability.js';
import { createRootLogger } from './logging.js';
import { metricsRegistry as registry } from './metrics.js';

const lines: Record<string, unknown>[] = [];
const destination = new Writable({
  write(chunk, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(httpObservability(createRootLogger('contacts', { format: 'json', destination })));
  app.get('/api/contacts/:id', (req, res) => {
    res.status(Number(req.query['status'] ?? 200)).json({ ok: true });
  });
  app.get('/api/health/live', (_req, res) => res.send('ok'));
  app.get('/api/slow', (_req, res) => setTimeout(() => res.end('late'), 2_000).unref());
  server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** The line written for this request id, once it is there. */
async function lineOf(requestId: string): Promise<Record<string, unknown>> {
  for (let tries = 0; tries < 100; tries += 1) {
    const line = lines.find((candidate) => candidate['requestId'] === requestId);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no line for ${requestId}`);
}

describe('request lines', () => {
  it('hold the id, method, route template, status and time, and nothing of the request itself', async () => {
    const id = 'line-ok-12345678';
    const response = await fetch(`${base}/api/contacts/6f1c2d3e-0000-4000-8000-000000000001?search=secret-term`, {
      headers: { [REQUEST_ID_HEADER]: id, authorization: 'Bearer eyJ.secret.access', cookie: 'session=secret' },
    });
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe(id);
    const line = await lineOf(id);
    expect(Object.keys(line).sort()).toEqual(
      ['durationMs', 'level', 'method', 'msg', 'requestId', 'route', 'service', 'status', 'time'].sort(),
    );
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      route: '/api/contacts/:id',
      status: 200,
    });
    expect(typeof line['durationMs']).toBe('number');
    expect(JSON.stringify(line)).not.toMatch(/secret|Bearer|6f1c2d3e/);
  });

  it('are warnings for 4xx and errors for 5xx, and every answer is timed in the histogram', async () => {
    await fetch(`${base}/api/contacts/x?status=404`, { headers: { [REQUEST_ID_HEADER]: 'line-404-12345678' } });
    await fetch(`${base}/api/contacts/x?status=503`, { headers: { [REQUEST_ID_HEADER]: 'line-503-12345678' } });
    expect(await lineOf('line-404-12345678')).toMatchObject({ level: 40, msg: 'request completed', status: 404 });
    expect(await lineOf('line-503-12345678')).toMatchObject({ level: 50, msg: 'request failed', status: 503 });
    const metrics = await registry.metrics();
    expect(metrics).toMatch(
      /kith_http_request_duration_seconds_count\{[^}]*route="\/api\/contacts\/:id"[^}]*status="503"[^}]*\} 1/,
    );
  });

  it('leave out the probes polled every second, which are still timed', async () => {
    await fetch(`${base}/api/health/live`, { headers: { [REQUEST_ID_HEADER]: 'line-probe-12345678' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines.find((line) => line['requestId'] === 'line-probe-12345678')).toBeUndefined();
    expect(await registry.metrics()).toMatch(
      /kith_http_request_duration_seconds_count\{[^}]*route="\/api\/health\/live"/,
    );
  });

  it('say when the client went away before the answer', async () => {
    const id = 'line-gone-12345678';
    const gone = httpRequest(`${base}/api/slow`, { headers: { [REQUEST_ID_HEADER]: id } });
    gone.on('error', () => undefined);
    gone.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    gone.destroy();
    expect(await lineOf(id)).toMatchObject({ level: 40, msg: 'request aborted', route: '/api/slow' });
  });
});
