/** One base URL of a service (a replica) as the gateway sees it. */
export interface ReplicaState {
  url: string;
  up: boolean;
  /** While down: when it may be probed again (ms since the epoch). */
  probeAt: number;
}

/** Failures that mean the replica is gone (or going), not that it answered badly. */
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'UPSTREAM_CONNECT_TIMEOUT',
]);

/** Methods that may run twice with the effect of once (RFC 9110 §9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export function isConnectionError(code: string | undefined): boolean {
  return code !== undefined && CONNECTION_ERRORS.has(code);
}

/**
 * Whether a request that failed with `code` before any response may be sent again to another
 * replica. A refused connection delivered nothing; after a reset the service may have acted on it,
 * so only an idempotent method is repeated. A streamed body (an upload) is gone once read.
 */
export function mayRetry({
  code,
  method,
  streamedBody,
}: {
  code: string | undefined;
  method: string;
  streamedBody: boolean;
}): boolean {
  if (streamedBody || !isConnectionError(code)) return false;
  if (code === 'ECONNREFUSED' || code === 'UPSTREAM_CONNECT_TIMEOUT') return true;
  return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/** AUTH_URL and its siblings: one base URL, or several (one per replica) separated by commas. */
export function replicaUrls(value: string): string[] {
  return value
    .split(',')
    .map((url) => url.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

/**
 * A service's replicas: requests go round-robin to those up; a replica that failed a connection
 * is left out for `downForMs` and comes back once a probe finds it live. With every replica down
 * a request still goes somewhere (and fails as with one replica), never nowhere.
 */
export class ReplicaPool {
  private readonly replicas: ReplicaState[];
  private next = 0;

  constructor(
    readonly service: string,
    urls: string[],
    private readonly downForMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (urls.length === 0) throw new Error(`${service}: no replica URL`);
    this.replicas = urls.map((url) => ({ url, up: true, probeAt: 0 }));
  }

  get urls(): string[] {
    return this.replicas.map((replica) => replica.url);
  }

  /** The next replica up (other than `except`, the one that just failed), round-robin. */
  pick(except?: string): string {
    const count = this.replicas.length;
    const candidates = (wanted: (replica: ReplicaState) => boolean) => {
      for (let step = 0; step < count; step += 1) {
        const replica = this.replicas[(this.next + step) % count]!;
        if (wanted(replica)) {
          this.next = (this.next + step + 1) % count;
          return replica.url;
        }
      }
      return undefined;
    };
    return (
      candidates((replica) => replica.up && replica.url !== except) ??
      candidates((replica) => replica.url !== except) ??
      this.replicas[0]!.url
    );
  }

  /** Takes a replica out of the pool; true when it was in it. */
  markDown(url: string): boolean {
    const replica = this.replicas.find((candidate) => candidate.url === url);
    if (!replica?.up) return false;
    replica.probeAt = this.now() + this.downForMs;
    replica.up = false;
    return true;
  }

  markUp(url: string): void {
    const replica = this.replicas.find((candidate) => candidate.url === url);
    if (replica) replica.up = true;
  }

  /** Down replicas due for a probe; each is not due again for `downForMs` (so one probe at a time). */
  dueForProbe(): string[] {
    const now = this.now();
    return this.replicas
      .filter((replica) => !replica.up && replica.probeAt <= now)
      .map((replica) => {
        replica.probeAt = now + this.downForMs;
        return replica.url;
      });
  }

  snapshot(): { url: string; up: boolean }[] {
    return this.replicas.map(({ url, up }) => ({ url, up }));
  }
}
