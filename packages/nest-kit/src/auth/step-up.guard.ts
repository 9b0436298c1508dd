import { ErrorCode, STEP_UP_HEADER, StepUpMessage } from '@kith/contracts';
import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  Optional,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { z } from 'zod';
import { validate } from '../http/zod-validation.pipe.js';
import { AppError } from '../errors/app-error.js';
import { type AccessTokenClaims, JwtVerifier } from './jwt-verifier.js';

/**
 * A service that can check a proof carried in the guarded request's own body (auth: the password
 * again, and a second factor when it is on). False when the body carries no proof; throws when
 * it carries a wrong one.
 */
export interface StepUpInBodyCheck {
  proveInBody(caller: AccessTokenClaims, body: unknown): Promise<boolean>;
}
/** Injection token of the StepUpInBodyCheck, where a service has one. */
export const STEP_UP_IN_BODY = Symbol('STEP_UP_IN_BODY');

type AuthenticatedRequest = Request & { auth?: AccessTokenClaims };

/**
 * Lets a request through only with proof beyond its bearer token: a step-up grant for the same
 * user and session in the X-Step-Up header, or (where the service can check one) the password in
 * the body. A bearer token alone — however fresh — is a 403 STEP_UP_REQUIRED.
 */
@Injectable()
export class StepUpGuard implements CanActivate {
  constructor(
    @Inject(JwtVerifier) private readonly verifier: JwtVerifier,
    @Inject(Reflector) private readonly reflector: Reflector,
    @Optional() @Inject(STEP_UP_IN_BODY) private readonly inBody?: StepUpInBodyCheck,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const caller = request.auth;
    if (!caller) throw new Error('StepUpGuard used on a route without JwtAuthGuard');
    // Bad input is a 400 naming the field, whatever the proof: the body is checked first.
    const bodySchema = this.reflector.get<z.ZodType | undefined>(STEP_UP_BODY, context.getHandler());
    if (bodySchema) validate(bodySchema).transform(request.body ?? {});
    // A password in the body is always checked, so a wrong one is never waved through by a grant.
    if (this.inBody && (await this.inBody.proveInBody(caller, request.body))) return true;
    const header = request.headers[STEP_UP_HEADER.toLowerCase()];
    if (typeof header === 'string' && header !== '') {
      const grant = await this.verifier.verifyStepUp(header);
      // A grant proves one person in one session: it opens nothing for another user or session.
      if (grant.userId !== caller.userId || (grant.sessionId ?? null) !== (caller.sessionId ?? null)) {
        throw new AppError(ErrorCode.STEP_UP_REQUIRED, StepUpMessage.EXPIRED);
      }
      return true;
    }
    throw new AppError(ErrorCode.STEP_UP_REQUIRED, StepUpMessage.REQUIRED);
  }
}

const STEP_UP_BODY = 'kith:stepUpBody';

/**
 * Marks a route that needs step-up (see StepUpGuard); runs after the global access-token guard.
 * `bodySchema`: the route's body schema, checked before the proof (guards run before pipes).
 */
export const RequireStepUp = (bodySchema?: z.ZodType) =>
  applyDecorators(SetMetadata(STEP_UP_BODY, bodySchema), UseGuards(StepUpGuard));
