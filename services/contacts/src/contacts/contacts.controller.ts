import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  contactInputSchema,
  type ContactInputParsed,
  type ContactQuery,
  contactQuerySchema,
  contactUpdateSchema,
  logContactSchema,
  type PageQuery,
  pageQuerySchema,
  scheduleReminderSchema,
} from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, validate } from '@kith/nest-kit';
import type { z } from 'zod';
import { ContactsService } from './contacts.service.js';

@Controller('contacts')
export class ContactsController {
  constructor(@Inject(ContactsService) private readonly contacts: ContactsService) {}

  @Get()
  list(@CurrentUser() user: AccessTokenClaims, @Query(validate(contactQuerySchema)) query: ContactQuery) {
    return this.contacts.list(user.userId, query);
  }

  @Get('overdue')
  overdue(@CurrentUser() user: AccessTokenClaims, @Query(validate(pageQuerySchema)) query: PageQuery) {
    return this.contacts.listOverdue(user.userId, query);
  }

  @Post()
  create(@CurrentUser() user: AccessTokenClaims, @Body(validate(contactInputSchema)) body: ContactInputParsed) {
    return this.contacts.create(user.userId, body);
  }

  @Get(':id')
  get(@CurrentUser() user: AccessTokenClaims, @Param('id') id: string) {
    return this.contacts.get(user.userId, id);
  }

  @Put(':id')
  update(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id') id: string,
    @Body(validate(contactUpdateSchema)) body: z.output<typeof contactUpdateSchema>,
  ) {
    return this.contacts.update(user.userId, id, body);
  }

  @Delete(':id')
  remove(@CurrentUser() user: AccessTokenClaims, @Param('id') id: string) {
    return this.contacts.remove(user.userId, id);
  }

  @Post(':id/log-contact')
  logContact(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id') id: string,
    @Body(validate(logContactSchema)) body: z.output<typeof logContactSchema>,
  ) {
    return this.contacts.recordInteraction(user.userId, id, { type: body.type, notes: body.notes, duration: null });
  }

  @Patch(':id/mark-contacted')
  async markContacted(@CurrentUser() user: AccessTokenClaims, @Param('id') id: string) {
    const { contact } = await this.contacts.recordInteraction(user.userId, id, null);
    return { contact };
  }

  @Post(':id/schedule-reminder')
  @HttpCode(200)
  scheduleReminder(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id') id: string,
    @Body(validate(scheduleReminderSchema)) body: z.output<typeof scheduleReminderSchema>,
  ) {
    return this.contacts.scheduleReminder(user.userId, id, body.reminderDate, body.notes);
  }

  @Get(':id/communications')
  communications(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id') id: string,
    @Query(validate(pageQuerySchema)) query: PageQuery,
  ) {
    return this.contacts.communicationsOf(user.userId, id, query);
  }
}
