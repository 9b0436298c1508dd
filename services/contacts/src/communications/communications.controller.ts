import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  communicationUpdateSchema,
  logCommunicationSchema,
  logContactSchema,
  type PageQuery,
  pageQuerySchema,
} from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, parseId, validate } from '@kith/nest-kit';
import type { z } from 'zod';
import { CommunicationsService } from './communications.service.js';

/** Interactions: logged against a contact (/contacts/:id/…) or addressed by their own id (/communications/…). */
@Controller()
export class CommunicationsController {
  constructor(@Inject(CommunicationsService) private readonly communications: CommunicationsService) {}

  @Post('communications/log')
  log(
    @CurrentUser() user: AccessTokenClaims,
    @Body(validate(logCommunicationSchema)) body: z.output<typeof logCommunicationSchema>,
  ) {
    return this.communications.log(user.userId, body);
  }

  @Put('communications/:id')
  edit(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', parseId('Communication')) id: string,
    @Body(validate(communicationUpdateSchema)) body: z.output<typeof communicationUpdateSchema>,
  ) {
    return this.communications.edit(user.userId, id, body);
  }

  @Delete('communications/:id')
  remove(@CurrentUser() user: AccessTokenClaims, @Param('id', parseId('Communication')) id: string) {
    return this.communications.remove(user.userId, id);
  }

  @Get('contacts/:id/communications')
  timeline(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', parseId('Contact')) id: string,
    @Query(validate(pageQuerySchema)) query: PageQuery,
  ) {
    return this.communications.timeline(user.userId, id, query);
  }

  @Post('contacts/:id/log-contact')
  logContact(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', parseId('Contact')) id: string,
    @Body(validate(logContactSchema)) body: z.output<typeof logContactSchema>,
  ) {
    return this.communications.logNow(user.userId, id, { type: body.type, notes: body.notes, duration: null });
  }

  @Patch('contacts/:id/mark-contacted')
  markContacted(@CurrentUser() user: AccessTokenClaims, @Param('id', parseId('Contact')) id: string) {
    return this.communications.markContacted(user.userId, id);
  }
}
