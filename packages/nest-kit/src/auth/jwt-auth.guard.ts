import {
  type CanActivate,
  createParamDecorator,
  type DynamicModule,
  type ExecutionContext,
  Inject,
  Injectable,
  Module,
  SetMetadata,
} from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { type AccessTokenClaims, JwtVerifier } from './jwt-verifier.js';

const IS_PUBLIC = 'kith:isPublic';
/** Marks a route that needs no access token (login, register, health...). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

type AuthenticatedRequest = Request & { auth?: AccessTokenClaims };

/** Global guard: every HTTP route needs a valid access token unless marked @Public(). */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    @Inject(JwtVerifier) private readonly verifier: JwtVerifier,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    request.auth = await this.verifier.verifyAuthorizationHeader(request.headers.authorization);
    return true;
  }
}

/** The verified caller of an authenticated route. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AccessTokenClaims => {
  const auth = context.switchToHttp().getRequest<AuthenticatedRequest>().auth;
  if (!auth) throw new Error('CurrentUser used on a route without JwtAuthGuard');
  return auth;
});

/** Registers the verifier and makes JwtAuthGuard global for the importing app. */
@Module({})
export class AccessTokenModule {
  static forRoot(publicKeyPem: string): DynamicModule {
    return {
      module: AccessTokenModule,
      global: true,
      providers: [
        { provide: JwtVerifier, useValue: new JwtVerifier(publicKeyPem) },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
      ],
      exports: [JwtVerifier],
    };
  }
}
