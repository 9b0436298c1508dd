import {
  type AccountErasureAcknowledged,
  accountExportPageRequestSchema,
  NatsSubject,
  notificationsErasureRequestSchema,
  NotificationsExportSection,
} from '@kith/contracts';
import { validate } from '@kith/nest-kit';
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { AccountService } from './account.service.js';

const exportPageSchema = accountExportPageRequestSchema(Object.values(NotificationsExportSection));

/** NATS handlers auth calls for "export everything" and "delete my account". */
@Controller()
export class AccountController {
  constructor(@Inject(AccountService) private readonly account: AccountService) {}

  @MessagePattern(NatsSubject.NOTIFICATIONS_EXPORT_ACCOUNT_PAGE)
  exportPage(@Payload(validate(exportPageSchema)) request: z.output<typeof exportPageSchema>) {
    return this.account.exportPage(request);
  }

  /** Answers once the rows are gone and the farewell mail is queued: auth retries until then. */
  @MessagePattern(NatsSubject.NOTIFICATIONS_ERASE_ACCOUNT)
  async erase(
    @Payload(validate(notificationsErasureRequestSchema)) request: z.output<typeof notificationsErasureRequestSchema>,
  ): Promise<AccountErasureAcknowledged> {
    await this.account.erase(request);
    return { erased: true };
  }
}
