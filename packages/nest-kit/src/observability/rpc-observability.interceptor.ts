import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { REQUEST_ID_HEADER } from '@kith/contracts';
import { Observable } from 'rxjs';
import { rootLogger } from './logging.js';
import { requestIdOrNew, runWithRequestId } from './request-context.js';

/**
 * For NATS handlers: takes the request id from the message's headers (the sender's request), runs
 * the handler inside it, and logs one line per message with subject, outcome and duration.
 */
@Injectable()
export class RpcObservabilityInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const nats = context.switchToRpc().getContext<NatsContext>();
    const requestId = requestIdOrNew(nats.getHeaders?.()?.get(REQUEST_ID_HEADER));
    const subject = nats.getSubject();
    const started = process.hrtime.bigint();
    const done = (outcome: 'ok' | 'error') => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      rootLogger()[outcome === 'ok' ? 'info' : 'warn'](
        { requestId, subject, outcome, durationMs: Math.round(durationMs * 10) / 10 },
        'message handled',
      );
    };
    return new Observable((subscriber) =>
      runWithRequestId(requestId, () =>
        next.handle().subscribe({
          next: (value) => subscriber.next(value),
          error: (error) => {
            done('error');
            subscriber.error(error);
          },
          complete: () => {
            done('ok');
            subscriber.complete();
          },
        }),
      ),
    );
  }
}
