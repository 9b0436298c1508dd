import { Inject, Injectable } from '@nestjs/common';
import {
  type Contact,
  type ContactList,
  type ContactListSummary,
  type ContactQuery,
  DEFAULT_LIST_COLOR,
  DEFAULT_LIST_REMINDER_DAYS,
  type listInputSchema,
  type ListMembershipResponse,
  type ListsQuery,
  type listUpdateSchema,
  type Paged,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import type { z } from 'zod';
import { ContactsService } from '../contacts/contacts.service.js';
import { toContactList, toListSummary } from './list.mapper.js';
import { ListsRepository } from './lists.repository.js';

@Injectable()
export class ListsService {
  constructor(
    @Inject(ListsRepository) private readonly lists: ListsRepository,
    @Inject(ContactsService) private readonly contacts: ContactsService,
  ) {}

  /** Every list; as summaries (no member ids) when `withContactIds` is false. */
  async all(userId: string, { withContactIds }: ListsQuery): Promise<ContactList[] | ContactListSummary[]> {
    const records = await this.lists.findWithCounts(userId, new Date(), { withContactIds });
    return records.map(withContactIds ? toContactList : toListSummary);
  }

  async get(userId: string, id: string): Promise<ContactList> {
    const [record] = await this.lists.findWithCounts(userId, new Date(), { listId: id });
    if (!record) throw AppError.notFound('List');
    return toContactList(record);
  }

  async create(userId: string, input: z.output<typeof listInputSchema>): Promise<ContactList> {
    const id = await this.lists.create(userId, {
      ...input,
      color: input.color ?? DEFAULT_LIST_COLOR,
      reminderDays: input.reminderDays ?? DEFAULT_LIST_REMINDER_DAYS,
    });
    return this.get(userId, id);
  }

  async update(userId: string, listId: string, input: z.output<typeof listUpdateSchema>): Promise<ContactList> {
    if (!(await this.lists.update(userId, listId, input))) throw AppError.notFound('List');
    return this.get(userId, listId);
  }

  async remove(userId: string, id: string): Promise<{ message: string }> {
    if (!(await this.lists.delete(userId, id))) throw AppError.notFound('List');
    return { message: 'List deleted successfully' };
  }

  async contactsOf(userId: string, id: string, query: ContactQuery): Promise<Paged<Contact>> {
    return this.contacts.list(userId, { ...query, listId: id });
  }

  async addContact(userId: string, listId: string, contactId: string): Promise<ListMembershipResponse> {
    const id = await this.requireList(userId, listId);
    const contact = await this.contacts.update(userId, contactId, { listId: id });
    return { list: await this.get(userId, id), contact };
  }

  async removeContact(userId: string, listId: string, contactId: string): Promise<ListMembershipResponse> {
    const id = await this.requireList(userId, listId);
    if ((await this.contacts.get(userId, contactId)).listId !== id) throw AppError.notFound('Contact in this list');
    const contact = await this.contacts.update(userId, contactId, { listId: null });
    return { list: await this.get(userId, id), contact };
  }

  private async requireList(userId: string, id: string): Promise<string> {
    if (!(await this.lists.exists(userId, id))) throw AppError.notFound('List');
    return id;
  }
}
