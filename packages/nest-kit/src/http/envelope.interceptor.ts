import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { ApiSuccess } from '@kith/contracts';
import { map, type Observable } from 'rxjs';

/** Wraps every HTTP handler result as `{ success: true, data }` (NATS replies stay bare). */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    return next.handle().pipe(map((data): ApiSuccess<unknown> => ({ success: true, data: data ?? null })));
  }
}
