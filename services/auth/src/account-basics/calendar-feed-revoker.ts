import { NatsSubject, type RevokeCalendarFeedRequest, type RevokeCalendarFeedResponse } from '@kith/contracts';
import { internalReason, NatsClient } from '@kith/nest-kit';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { sendUntilAcknowledged } from '../auth/password-reset-mail.client.js';

/** Contacts is asked again this long when it does not answer (a restart, an outage). */
const REVOKE_RETRY_MS = 24 * 60 * 60_000;

/**
 * After a password reset or change, the calendar feed's URL (a credential of its own, held by
 * contacts) must stop working too. Contacts answers once the feed is gone; until then it is asked
 * again in the background.
 */
@Injectable()
export class CalendarFeedRevoker implements OnApplicationShutdown {
  private readonly logger = new Logger(CalendarFeedRevoker.name);
  private shuttingDown = false;

  constructor(@Inject(NatsClient) private readonly nats: NatsClient) {}

  /** Whether there was a feed; true as well when contacts did not answer yet (it will be revoked). */
  async revoke(userId: string): Promise<boolean> {
    const ask = () =>
      this.nats.request<RevokeCalendarFeedResponse, RevokeCalendarFeedRequest>(
        NatsSubject.CONTACTS_REVOKE_CALENDAR_FEED,
        { userId },
      );
    try {
      return (await ask()).revoked;
    } catch (error) {
      this.logger.warn(`Calendar feed of user ${userId} not revoked yet (${internalReason(error)}); retrying`);
      void sendUntilAcknowledged(ask, Date.now() + REVOKE_RETRY_MS, { stopped: () => this.shuttingDown }).then(
        (done) => {
          if (!done) this.logger.error(`Calendar feed of user ${userId} could not be revoked: contacts never answered`);
        },
      );
      return true;
    }
  }

  onApplicationShutdown(): void {
    this.shuttingDown = true;
  }
}
