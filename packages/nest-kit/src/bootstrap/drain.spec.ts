import { REPLICA_DRAINING_HEADER } from '@kith/contracts';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Drain } from './drain.js';

describe('Drain', () => {
  let now = 0;
  const drain = new Drain(() => now);
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(drain.middleware);
    app.get(['/api/contacts', '/health', '/health/live'], (_request, response) => {
      response.json({ served: true });
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('serves as usual, unmarked, until told to stop', async () => {
    const response = await fetch(`${base}/api/contacts`);
    expect(response.status).toBe(200);
    expect(response.headers.has(REPLICA_DRAINING_HEADER)).toBe(false);
    expect(drain.settled(250, 2_000)).toBe(false);
  });

  it('once stopping: still serves requests, marks every answer and fails readiness', async () => {
    drain.begin();
    const api = await fetch(`${base}/api/contacts`);
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual({ served: true });
    expect(api.headers.get(REPLICA_DRAINING_HEADER)).toBe('1');
    expect(api.headers.get('connection')).toBe('close');

    const ready = await fetch(`${base}/health`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: 'degraded',
      checks: { shutdown: { status: 'down', detail: 'draining' } },
    });
    const live = await fetch(`${base}/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get(REPLICA_DRAINING_HEADER)).toBe('1');
  });

  it('settles after a quiet spell that probes do not interrupt, or at the latest after the cap', async () => {
    now = 200;
    await fetch(`${base}/api/contacts`);
    now = 400;
    expect(drain.settled(250, 2_000)).toBe(false);
    await fetch(`${base}/health/live`);
    await fetch(`${base}/health`);
    now = 450;
    expect(drain.settled(250, 2_000)).toBe(true);

    // A client that never stops sending holds the port open only until the cap.
    for (const time of [1_000, 1_500, 1_999]) {
      now = time;
      await fetch(`${base}/api/contacts`);
      expect(drain.settled(250, 2_000)).toBe(false);
    }
    now = 2_000;
    expect(drain.settled(250, 2_000)).toBe(true);
  });
});
