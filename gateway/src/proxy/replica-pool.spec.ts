import { mayRetry, ReplicaPool, replicaUrls } from './replica-pool.js';

describe('replicaUrls', () => {
  it('reads one URL as today, or a comma-separated list', () => {
    expect(replicaUrls('http://127.0.0.1:3002')).toEqual(['http://127.0.0.1:3002']);
    expect(replicaUrls('http://a:1/, http://b:2 ,')).toEqual(['http://a:1', 'http://b:2']);
  });
});

describe('ReplicaPool', () => {
  let now = 0;
  const pool = (urls: string[]) => new ReplicaPool('contacts', urls, 1_000, () => now);

  beforeEach(() => {
    now = 0;
  });

  it('goes round-robin over the replicas', () => {
    const replicas = pool(['a', 'b', 'c']);
    expect([1, 2, 3, 4, 5, 6].map(() => replicas.pick())).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
  });

  it('leaves a down replica out until a probe brings it back', () => {
    const replicas = pool(['a', 'b']);
    replicas.markDown('a');
    expect([1, 2, 3].map(() => replicas.pick())).toEqual(['b', 'b', 'b']);
    expect(replicas.dueForProbe()).toEqual([]);
    now = 1_000;
    expect(replicas.dueForProbe()).toEqual(['a']);
    // Not probed again while that probe runs, and still down until it succeeds.
    expect(replicas.dueForProbe()).toEqual([]);
    expect(replicas.pick()).toBe('b');
    replicas.markUp('a');
    expect(new Set([replicas.pick(), replicas.pick()])).toEqual(new Set(['a', 'b']));
  });

  it('a second failure does not push the next probe further away', () => {
    const replicas = pool(['a', 'b']);
    expect(replicas.markDown('a')).toBe(true);
    now = 900;
    expect(replicas.markDown('a')).toBe(false);
    now = 1_000;
    expect(replicas.dueForProbe()).toEqual(['a']);
  });

  it('a retry goes to another replica than the one that failed, even one marked down', () => {
    const replicas = pool(['a', 'b', 'c']);
    replicas.markDown('a');
    expect(replicas.pick('b')).toBe('c');
    replicas.markDown('c');
    expect(replicas.pick('b')).toBe('a');
  });

  it('with every replica down, or only one, a request still has somewhere to go', () => {
    const replicas = pool(['a', 'b']);
    replicas.markDown('a');
    replicas.markDown('b');
    expect(['a', 'b']).toContain(replicas.pick());
    const single = pool(['a']);
    single.markDown('a');
    expect(single.pick()).toBe('a');
    expect(single.pick('a')).toBe('a');
  });

  it('reports each replica', () => {
    const replicas = pool(['a', 'b']);
    replicas.markDown('b');
    expect(replicas.snapshot()).toEqual([
      { url: 'a', up: true },
      { url: 'b', up: false },
    ]);
  });
});

describe('mayRetry', () => {
  const retry = (code: string | undefined, method: string, streamedBody = false) =>
    mayRetry({ code, method, streamedBody });

  it('always after a refused connection: nothing was delivered', () => {
    expect(retry('ECONNREFUSED', 'POST')).toBe(true);
    expect(retry('ECONNREFUSED', 'GET')).toBe(true);
    expect(retry('UPSTREAM_CONNECT_TIMEOUT', 'POST')).toBe(true);
  });

  it('after a reset only for idempotent methods: a POST may have reached the service', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']) expect(retry('ECONNRESET', method)).toBe(true);
    expect(retry('ECONNRESET', 'POST')).toBe(false);
    expect(retry('ECONNRESET', 'PATCH')).toBe(false);
    expect(retry('EPIPE', 'POST')).toBe(false);
  });

  it('never for a streamed body (it cannot be sent twice), nor for a slow or failing service', () => {
    expect(retry('ECONNREFUSED', 'POST', true)).toBe(false);
    expect(retry('ECONNRESET', 'PUT', true)).toBe(false);
    expect(retry('UPSTREAM_TIMEOUT', 'GET')).toBe(false);
    expect(retry(undefined, 'GET')).toBe(false);
  });
});
