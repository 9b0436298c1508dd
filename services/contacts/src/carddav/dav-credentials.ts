import { Inject, Injectable } from '@nestjs/common';
import { NatsSubject, type VerifyAppPasswordRequest, type VerifyAppPasswordResponse } from '@kith/contracts';
import { NatsClient } from '@kith/nest-kit';

/**
 * HTTP Basic credentials of a CardDAV request → the user, asked of auth over NATS (auth owns
 * app passwords). Not cached: a revoked password stops working on the very next request, and
 * the check is one indexed lookup.
 */
@Injectable()
export class DavCredentials {
  constructor(@Inject(NatsClient) private readonly nats: NatsClient) {}

  async userOf(authorization: string | undefined): Promise<string | null> {
    const credentials = parseBasic(authorization);
    if (!credentials) return null;
    const answer = await this.nats.request<VerifyAppPasswordResponse, VerifyAppPasswordRequest>(
      NatsSubject.AUTH_VERIFY_APP_PASSWORD,
      credentials,
    );
    return answer?.userId ?? null;
  }
}

export function parseBasic(authorization: string | undefined): VerifyAppPasswordRequest | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const username = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (username.length > 254 || password.length > 1024) return null;
  return { username, password };
}
