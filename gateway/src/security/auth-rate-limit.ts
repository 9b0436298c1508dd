import { ErrorCode, ErrorMessage } from '@kith/contracts';
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { GatewayConfig } from '../config/gateway.config.js';
import { BoundedRateLimitStore } from './bounded-rate-limit-store.js';
import { sendError } from '../http-error.js';
import { RATE_LIMITED_PATHS } from '../proxy/routes.js';

/** One limiter per sensitive auth endpoint, keyed by client IP; 429 in the API envelope. */
export function authRateLimiters(config: GatewayConfig): { path: string; handler: RequestHandler }[] {
  return RATE_LIMITED_PATHS.map((path) => ({
    path,
    handler: rateLimit({
      windowMs: config.AUTH_RATE_LIMIT_WINDOW_MS,
      limit: config.AUTH_RATE_LIMIT_MAX,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store: new BoundedRateLimitStore(),
      handler: (_req, res) => sendError(res, ErrorCode.RATE_LIMITED, ErrorMessage.RATE_LIMITED),
    }),
  }));
}
