import { ErrorCode, ErrorMessage } from '@kith/contracts';
import { type AppError, type JwtVerifier } from '@kith/nest-kit';
import type { RequestHandler } from 'express';
import { sendError } from '../http-error.js';
import { isPublicApiPath } from '../proxy/routes.js';
import type { ErasedUsers } from './erased-users.js';

/**
 * Refuses proxied API calls without a valid access token before they reach a service
 * (the services verify again; this keeps anonymous traffic off them). The token of an erased
 * account stops working at once, though it has not expired.
 */
export function requireAccessToken(verifier: JwtVerifier, erasedUsers: ErasedUsers): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'OPTIONS' || isPublicApiPath(req.originalUrl.split('?')[0]!)) return next();
    verifier.verifyAuthorizationHeader(req.headers.authorization).then(
      (claims) =>
        erasedUsers.isErased(claims.userId)
          ? sendError(res, ErrorCode.UNAUTHORIZED, ErrorMessage.UNAUTHORIZED)
          : next(),
      (error: AppError) => sendError(res, error.code, error.message),
    );
  };
}
