import { type AppError, type JwtVerifier } from '@kith/nest-kit';
import type { RequestHandler } from 'express';
import { sendError } from '../http-error.js';
import { PUBLIC_API_PATHS } from '../proxy/routes.js';

/**
 * Refuses proxied API calls without a valid access token before they reach a service
 * (the services verify again; this keeps anonymous traffic off them).
 */
export function requireAccessToken(verifier: JwtVerifier): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'OPTIONS' || PUBLIC_API_PATHS.has(req.originalUrl.split('?')[0]!)) return next();
    verifier.verifyAuthorizationHeader(req.headers.authorization).then(
      () => next(),
      (error: AppError) => sendError(res, error.code, error.message),
    );
  };
}
