import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  NatsSubject,
  overdueDigestSchema,
  overdueForUserSchema,
  reminderDigestForUserSchema,
  upcomingForUserSchema,
} from '@kith/contracts';
import { validate } from '@kith/nest-kit';
import type { z } from 'zod';
import { OverdueService } from './overdue.service.js';

/** NATS request handlers the notifications service calls for reminder emails. */
@Controller()
export class OverdueController {
  constructor(@Inject(OverdueService) private readonly overdue: OverdueService) {}

  @MessagePattern(NatsSubject.CONTACTS_OVERDUE_FOR_USER)
  forUser(@Payload(validate(overdueForUserSchema)) request: z.output<typeof overdueForUserSchema>) {
    return this.overdue.forUser(request);
  }

  @MessagePattern(NatsSubject.CONTACTS_OVERDUE_DIGEST)
  digest(@Payload(validate(overdueDigestSchema)) request: z.output<typeof overdueDigestSchema>) {
    return this.overdue.digest(request);
  }

  @MessagePattern(NatsSubject.CONTACTS_REMINDER_DIGEST_FOR_USER)
  digestForUser(@Payload(validate(reminderDigestForUserSchema)) request: z.output<typeof reminderDigestForUserSchema>) {
    return this.overdue.digestForUser(request);
  }

  @MessagePattern(NatsSubject.CONTACTS_UPCOMING_FOR_USER)
  comingDue(@Payload(validate(upcomingForUserSchema)) request: z.output<typeof upcomingForUserSchema>) {
    return this.overdue.comingDue(request);
  }
}
