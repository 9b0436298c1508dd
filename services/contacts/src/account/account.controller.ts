import {
  type AccountErasureAcknowledged,
  accountErasureRequestSchema,
  accountExportPageRequestSchema,
  ContactsExportSection,
  NatsSubject,
} from '@kith/contracts';
import { validate } from '@kith/nest-kit';
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { AccountService } from './account.service.js';

const exportPageSchema = accountExportPageRequestSchema(Object.values(ContactsExportSection));

/** NATS handlers auth calls for "export everything" and "delete my account". */
@Controller()
export class AccountController {
  constructor(@Inject(AccountService) private readonly account: AccountService) {}

  @MessagePattern(NatsSubject.CONTACTS_EXPORT_ACCOUNT_PAGE)
  exportPage(@Payload(validate(exportPageSchema)) request: z.output<typeof exportPageSchema>) {
    return this.account.exportPage(request);
  }

  /** Answers only once every row is gone: auth keeps asking until it hears this. */
  @MessagePattern(NatsSubject.CONTACTS_ERASE_ACCOUNT)
  async erase(
    @Payload(validate(accountErasureRequestSchema)) request: z.output<typeof accountErasureRequestSchema>,
  ): Promise<AccountErasureAcknowledged> {
    await this.account.erase(request.userId);
    return { erased: true };
  }
}
