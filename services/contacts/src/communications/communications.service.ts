import { Inject, Injectable } from '@nestjs/common';
import {
  type Communication,
  type communicationUpdateSchema,
  type Contact,
  type logCommunicationSchema,
  type LogContactResponse,
  type PageQuery,
  type Paged,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import type { z } from 'zod';
import { paged, pageRequest } from '../common/paging.js';
import { ContactsService } from '../contacts/contacts.service.js';
import { toCommunication } from './communication.mapper.js';
import type { CommunicationRecord } from './communication.record.js';
import { CommunicationsRepository, type NewCommunication } from './communications.repository.js';

/**
 * A contact's interactions and what they do to its timer: the last contact is always the newest
 * interaction or the date set without one, whichever is newer (contracts' lastContactOf), so
 * logging, editing and deleting entries each re-derive it under the contact's row lock.
 */
@Injectable()
export class CommunicationsService {
  constructor(
    @Inject(CommunicationsRepository) private readonly communications: CommunicationsRepository,
    @Inject(ContactsService) private readonly contacts: ContactsService,
  ) {}

  /** POST /communications/log: an interaction at a given time (never in the future). */
  async log(userId: string, input: z.output<typeof logCommunicationSchema>): Promise<LogContactResponse> {
    const { contactId, ...entry } = input;
    return this.record(userId, contactId, { ...entry, timestamp: new Date(entry.timestamp) });
  }

  /** POST /contacts/:id/log-contact: an interaction now. */
  logNow(userId: string, contactId: string, entry: Omit<NewCommunication, 'timestamp'>): Promise<LogContactResponse> {
    return this.record(userId, contactId, { ...entry, timestamp: new Date() });
  }

  /** PATCH /contacts/:id/mark-contacted: contacted now, without an interaction entry. */
  async markContacted(userId: string, contactId: string): Promise<{ contact: Contact }> {
    await this.contacts.transaction((db) =>
      this.contacts.changeTimer(db, userId, contactId, async () => ({ statusContactDate: new Date() })),
    );
    return { contact: await this.contacts.get(userId, contactId) };
  }

  async timeline(userId: string, id: string, query: PageQuery): Promise<Paged<Communication>> {
    const contact = await this.contacts.get(userId, id);
    const { rows, total } = await this.communications.findForContact(userId, contact._id, pageRequest(query));
    return paged(rows.map(toCommunication), total, query);
  }

  /** PUT /communications/:id: a moved entry may move the last contact back (to the next newest). */
  async edit(
    userId: string,
    entryId: string,
    changes: z.output<typeof communicationUpdateSchema>,
  ): Promise<LogContactResponse> {
    const { contactId } = await this.requireOwned(userId, entryId);
    const { timestamp, ...rest } = changes;
    let updated: CommunicationRecord | undefined;
    await this.contacts.transaction((db) =>
      this.contacts.changeTimer(db, userId, contactId, async () => {
        // Checked again under the contact's lock: a concurrent delete wins with a clean 404.
        if (!(await this.communications.findOwned(userId, entryId, db))) throw AppError.notFound('Communication');
        updated = await this.communications.update(db, entryId, {
          ...rest,
          ...(timestamp ? { timestamp: new Date(timestamp) } : {}),
        });
      }),
    );
    return { contact: await this.contacts.get(userId, contactId), communication: toCommunication(updated!) };
  }

  /** DELETE /communications/:id: the last contact falls back to the next newest entry or the status date. */
  async remove(userId: string, entryId: string): Promise<{ message: string; contact: Contact }> {
    const { contactId } = await this.requireOwned(userId, entryId);
    await this.contacts.transaction((db) =>
      this.contacts.changeTimer(db, userId, contactId, async () => {
        if (!(await this.communications.delete(db, userId, entryId))) throw AppError.notFound('Communication');
      }),
    );
    return { message: 'Interaction deleted successfully', contact: await this.contacts.get(userId, contactId) };
  }

  /** Stores the entry and re-derives the contact's timer in one transaction. */
  private async record(userId: string, contactId: string, entry: NewCommunication): Promise<LogContactResponse> {
    let created: CommunicationRecord | undefined;
    await this.contacts.transaction((db) =>
      this.contacts.changeTimer(db, userId, contactId, async () => {
        created = await this.communications.create(db, userId, contactId, entry);
      }),
    );
    return { contact: await this.contacts.get(userId, contactId), communication: toCommunication(created!) };
  }

  private async requireOwned(userId: string, id: string) {
    const existing = await this.communications.findOwned(userId, id);
    if (!existing) throw AppError.notFound('Communication');
    return existing;
  }
}
