import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { createRootLogger, PinoNestLogger } from './logging.js';
import { currentRequestId, requestIdOrNew, runWithRequestId } from './request-context.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, destination };
}

describe('structured logs', () => {
  it('writes JSON lines with the service and the current request id', () => {
    const { lines, destination } = capture();
    const logger = new PinoNestLogger(createRootLogger('contacts', { format: 'json', destination }));
    runWithRequestId('req-12345678', () => logger.log('imported 3 contacts', 'ImportService'));
    logger.warn('outside any request');
    expect(lines[0]).toMatchObject({
      service: 'contacts',
      requestId: 'req-12345678',
      context: 'ImportService',
      msg: 'imported 3 contacts',
    });
    expect(lines[1]).not.toHaveProperty('requestId');
    expect(lines[1]).toMatchObject({ level: 40, msg: 'outside any request' });
  });

  it('never writes passwords, tokens, reset links or mail bodies, even inside logged objects', () => {
    const { lines, destination } = capture();
    const logger = createRootLogger('auth', { format: 'json', destination });
    logger.info(
      {
        password: 'hunter2-secret',
        user: { email: 'a@example.test', password: 'hunter2-secret' },
        tokens: { accessToken: 'eyJ.secret.access', refreshToken: 'refresh-secret' },
        mail: { html: '<a href="https://kith/reset?token=abc">reset</a>', text: 'reset: https://kith/reset?token=abc' },
        req: { headers: { authorization: 'Bearer eyJ.secret.access' } },
        resetUrl: 'https://kith/reset?token=abc',
      },
      'something happened',
    );
    const written = JSON.stringify(lines);
    for (const secret of ['hunter2-secret', 'eyJ.secret.access', 'refresh-secret', 'token=abc', 'Bearer']) {
      expect(written).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({ msg: 'something happened', user: { email: 'a@example.test' } });
  });
});

describe('request ids', () => {
  it('keeps a valid incoming id and replaces anything else with a new UUID', () => {
    expect(requestIdOrNew('client-id-0001')).toBe('client-id-0001');
    for (const bad of [
      undefined,
      '',
      'short',
      'has spaces in it',
      'x'.repeat(129),
      'line\nbreak-0001',
      ['a-b-c-d-e-f'],
    ]) {
      expect(requestIdOrNew(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('is visible to code running later in the same request, and nowhere else', async () => {
    const seen = await runWithRequestId('req-abcdefgh', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return currentRequestId();
    });
    expect(seen).toBe('req-abcdefgh');
    expect(currentRequestId()).toBeUndefined();
  });
});
