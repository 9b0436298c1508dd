import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  type BirthdaysQuery,
  birthdaysQuerySchema,
  contactInputSchema,
  type ContactInputParsed,
  type ContactQuery,
  contactQuerySchema,
  type ContactSectionsQuery,
  contactSectionsQuerySchema,
  contactUpdateSchema,
  type PageQuery,
  pageQuerySchema,
  scheduleReminderSchema,
  snoozeSchema,
} from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, parseId, validate } from '@kith/nest-kit';
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

  @Get('birthdays')
  birthdays(@CurrentUser() user: AccessTokenClaims, @Query(validate(birthdaysQuerySchema)) query: BirthdaysQuery) {
    return this.contacts.upcomingBirthdays(user.userId, query.withinDays);
  }

  @Get('sections')
  sections(
    @CurrentUser() user: AccessTokenClaims,
    @Query(validate(contactSectionsQuerySchema)) query: ContactSectionsQuery,
  ) {
    return this.contacts.sections(user.userId, query);
  }

  @Post()
  create(@CurrentUser() user: AccessTokenClaims, @Body(validate(contactInputSchema)) body: ContactInputParsed) {
    return this.contacts.create(user.userId, body);
  }

  @Get(':id')
  get(@CurrentUser() user: AccessTokenClaims, @Param('id', parseId('Contact')) id: string) {
    return this.contacts.get(user.userId, id);
  }

  @Put(':id')
  update(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', parseId('Contact')) id: string,
    @Body(validate(contactUpdateSchema)) body: z.output<typeof contactUpdateSchema>,
  ) {
    return this.contacts.update(user.userId, id, body);
  }

  @Delete(':id')
  remove(@CurrentUser() user: AccessTokenClaims, @Param('id', parseId('Contact')) id: string) {
    return this.contacts.remove(user.userId, id);
  }

  @Post(':id/schedule-reminder')
  @HttpCode(200)
  scheduleReminder(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', parseId('Contact')) id: string,
    @Body(validate(scheduleReminderSchema)) body: z.output<typeof scheduleReminderSchema>,
  ) {
    return this.contacts.scheduleReminder(user.userId, id, body.reminderDate, body.notes);
  }

  @Post(':id/snooze')
  @HttpCode(200)
  snooze(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', parseId('Contact')) id: string,
    @Body(validate(snoozeSchema)) body: z.output<typeof snoozeSchema>,
  ) {
    return this.contacts.snooze(user.userId, id, new Date(body.until));
  }

  @Delete(':id/snooze')
  unsnooze(@CurrentUser() user: AccessTokenClaims, @Param('id', parseId('Contact')) id: string) {
    return this.contacts.snooze(user.userId, id, null);
  }
}
