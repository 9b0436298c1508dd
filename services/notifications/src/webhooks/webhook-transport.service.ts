import http from 'node:http';
import https from 'node:https';
import { Inject, Injectable } from '@nestjs/common';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress, PrivateTargetError } from './network-guard.js';

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** A webhook that did not answer 2xx; 4xx (but 408 and 429) will not get better by retrying. */
export class WebhookError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** POSTs one webhook body; resolves with the HTTP status of a 2xx answer. */
@Injectable()
export class WebhookTransport {
  constructor(@Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig) {}

  post({ url, body, headers }: WebhookRequest): Promise<number> {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    // An IP literal is connected to without a lookup, so it is checked here.
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (!this.config.ALLOW_PRIVATE_WEBHOOKS && isIP(literal) && isPrivateAddress(literal)) {
      return Promise.reject(new WebhookError(new PrivateTargetError(literal).message, null, true));
    }
    return new Promise((resolve, reject) => {
      const request = client.request(
        target,
        {
          method: 'POST',
          headers: { 'User-Agent': 'Kith-Reminders', ...headers, 'Content-Length': Buffer.byteLength(body) },
          lookup: guardedLookup(this.config.ALLOW_PRIVATE_WEBHOOKS) as never,
          timeout: this.config.WEBHOOK_TIMEOUT_MS,
        },
        (response) => {
          response.resume();
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve(status);
          const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
          reject(new WebhookError(`HTTP ${status}`, status, permanent));
        },
      );
      request.on('timeout', () =>
        request.destroy(new WebhookError(`No answer within ${this.config.WEBHOOK_TIMEOUT_MS} ms`, null, false)),
      );
      request.on('error', (error) => {
        if (error instanceof WebhookError) return reject(error);
        reject(new WebhookError(error.message, null, error instanceof PrivateTargetError));
      });
      request.end(body);
    });
  }
}
