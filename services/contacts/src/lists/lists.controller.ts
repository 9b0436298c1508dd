import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  type ContactQuery,
  contactQuerySchema,
  listInputSchema,
  type ListsQuery,
  listsQuerySchema,
  listUpdateSchema,
} from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, parseId, validate } from '@kith/nest-kit';
import type { z } from 'zod';
import { ListsService } from './lists.service.js';

@Controller('lists')
export class ListsController {
  constructor(@Inject(ListsService) private readonly lists: ListsService) {}

  @Get()
  all(@CurrentUser() user: AccessTokenClaims, @Query(validate(listsQuerySchema)) query: ListsQuery) {
    return this.lists.all(user.userId, query);
  }

  @Post()
  create(
    @CurrentUser() user: AccessTokenClaims,
    @Body(validate(listInputSchema)) body: z.output<typeof listInputSchema>,
  ) {
    return this.lists.create(user.userId, body);
  }

  @Get(':id')
  get(@CurrentUser() user: AccessTokenClaims, @Param('id', parseId('List')) id: string) {
    return this.lists.get(user.userId, id);
  }

  @Put(':id')
  update(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', parseId('List')) id: string,
    @Body(validate(listUpdateSchema)) body: z.output<typeof listUpdateSchema>,
  ) {
    return this.lists.update(user.userId, id, body);
  }

  @Delete(':id')
  remove(@CurrentUser() user: AccessTokenClaims, @Param('id', parseId('List')) id: string) {
    return this.lists.remove(user.userId, id);
  }

  @Get(':id/contacts')
  contacts(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', parseId('List')) id: string,
    @Query(validate(contactQuerySchema)) query: ContactQuery,
  ) {
    return this.lists.contactsOf(user.userId, id, query);
  }

  @Post(':listId/contacts/:contactId')
  addContact(
    @CurrentUser() user: AccessTokenClaims,
    @Param('listId', parseId('List')) listId: string,
    @Param('contactId', parseId('Contact')) contactId: string,
  ) {
    return this.lists.addContact(user.userId, listId, contactId);
  }

  @Delete(':listId/contacts/:contactId')
  removeContact(
    @CurrentUser() user: AccessTokenClaims,
    @Param('listId', parseId('List')) listId: string,
    @Param('contactId', parseId('Contact')) contactId: string,
  ) {
    return this.lists.removeContact(user.userId, listId, contactId);
  }
}
