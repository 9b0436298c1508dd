import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { GatewayConfig } from '../config/gateway.config.js';
import { BoundedRateLimitStore } from './bounded-rate-limit-store.js';

/**
 * CardDAV's Basic credentials are limited like login: the same window and number of failed
 * attempts per client IP. Only requests that carried credentials and were refused count, so a
 * phone syncing a thousand cards (a thousand signed-in requests) or a client's first,
 * credential-less challenge request never locks anyone out.
 */
export function davAuthRateLimiter(config: GatewayConfig): RequestHandler {
  return rateLimit({
    windowMs: config.AUTH_RATE_LIMIT_WINDOW_MS,
    limit: config.AUTH_RATE_LIMIT_MAX,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new BoundedRateLimitStore(),
    skip: (req) => !req.headers.authorization,
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.statusCode !== 401,
    handler: (_req, res) => {
      res.setHeader('retry-after', Math.ceil(config.AUTH_RATE_LIMIT_WINDOW_MS / 1000));
      res.status(429).type('text/plain').send('Too many failed sign-ins, please try again later\n');
    },
  });
}
