import { NatsSubject, type UserRegisteredEvent } from '@kith/contracts';
import { NatsClient } from '@kith/nest-kit';
import { Inject, Injectable, Logger } from '@nestjs/common';

/**
 * Publishes auth's events. Publishing never fails the request that caused it: an answer must not
 * depend on NATS being up.
 */
@Injectable()
export class AuthEventsPublisher {
  private readonly logger = new Logger(AuthEventsPublisher.name);

  constructor(@Inject(NatsClient) private readonly nats: NatsClient) {}

  userRegistered(event: UserRegisteredEvent): void {
    this.publish(NatsSubject.AUTH_USER_REGISTERED, event);
  }

  private publish(subject: NatsSubject, payload: object): void {
    this.nats.emit(subject, payload).catch((error: Error) => {
      this.logger.error(`Could not publish ${subject}: ${error.message}`);
    });
  }
}
