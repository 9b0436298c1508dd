import { Body, Controller, Inject, Post } from '@nestjs/common';
import { logCommunicationSchema } from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, validate } from '@kith/nest-kit';
import type { z } from 'zod';
import { ContactsService } from '../contacts/contacts.service.js';

@Controller('communications')
export class CommunicationsController {
  constructor(@Inject(ContactsService) private readonly contacts: ContactsService) {}

  @Post('log')
  log(
    @CurrentUser() user: AccessTokenClaims,
    @Body(validate(logCommunicationSchema)) body: z.output<typeof logCommunicationSchema>,
  ) {
    return this.contacts.logCommunication(user.userId, body);
  }
}
