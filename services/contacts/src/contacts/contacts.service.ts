import { Inject, Injectable } from '@nestjs/common';
import {
  type Communication,
  type Contact,
  type ContactInputParsed,
  type ContactQuery,
  type contactUpdateSchema,
  effectiveReminderDays,
  type logCommunicationSchema,
  type LogContactResponse,
  overdueAt,
  type PageQuery,
  type Paged,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import type { z } from 'zod';
import { assertId } from '../common/ids.js';
import { paged, pageRequest } from '../common/paging.js';
import { toCommunication } from '../communications/communication.mapper.js';
import { CommunicationsRepository, type NewCommunication } from '../communications/communications.repository.js';
import type { Prisma } from '../generated/prisma/client.js';
import { toContact } from './contact.mapper.js';
import { ContactsRepository, type ContactWrite, type Db, type OverdueInputs } from './contacts.repository.js';

type ContactUpdate = z.output<typeof contactUpdateSchema>;
type LogCommunication = Omit<NewCommunication, 'timestamp'> & { timestamp?: Date };

@Injectable()
export class ContactsService {
  constructor(
    @Inject(ContactsRepository) private readonly contacts: ContactsRepository,
    @Inject(CommunicationsRepository) private readonly communications: CommunicationsRepository,
  ) {}

  /** The contacts page: search, list and overdue filters, sort, paging. */
  async list(userId: string, query: ContactQuery): Promise<Paged<Contact>> {
    const now = new Date();
    if (query.listId) await this.requireListDays(undefined, userId, query.listId);
    const { records, total } = await this.contacts.findPage(
      { userId, listId: query.listId?.toLowerCase(), search: query.search, overdue: query.filter === 'overdue', now },
      { sortBy: query.sortBy, sortOrder: query.sortOrder },
      pageRequest(query),
    );
    return paged(
      records.map((record) => toContact(record, now)),
      total,
      query,
    );
  }

  /** Overdue contacts, most overdue first (never contacted, then the longest past due). */
  async listOverdue(userId: string, query: PageQuery): Promise<Paged<Contact>> {
    const now = new Date();
    const { records, total } = await this.contacts.findPage(
      { userId, overdue: true, now },
      'mostOverdue',
      pageRequest(query),
    );
    return paged(
      records.map((record) => toContact(record, now)),
      total,
      query,
    );
  }

  async get(userId: string, id: string): Promise<Contact> {
    const record = await this.contacts.findById(userId, assertId(id, 'Contact'));
    if (!record) throw AppError.notFound('Contact');
    return toContact(record);
  }

  async create(userId: string, input: ContactInputParsed): Promise<Contact> {
    const id = await this.contacts.transaction(async (db) => {
      const listDays = input.listId ? await this.requireListDays(db, userId, input.listId) : null;
      const lastContactDate = input.lastContactDate ? new Date(input.lastContactDate) : null;
      return this.contacts.create(
        userId,
        {
          ...input,
          listId: input.listId?.toLowerCase() ?? null,
          lastContactDate,
          overdueAt: overdueAt(lastContactDate, effectiveReminderDays(input.customReminderDays, listDays)),
        },
        db,
      );
    });
    return this.get(userId, id);
  }

  /** Changes only the given fields; the due date follows a new list, interval or last contact. */
  async update(userId: string, id: string, input: ContactUpdate): Promise<Contact> {
    const contactId = assertId(id, 'Contact');
    await this.contacts.transaction(async (db) => {
      const current = await this.lockContact(db, userId, contactId);
      const { lastContactDate: lastContactInput, listId: listInput, ...fields } = input;
      const next: OverdueInputs = {
        listId: listInput === undefined ? current.listId : (listInput?.toLowerCase() ?? null),
        customReminderDays:
          input.customReminderDays === undefined ? current.customReminderDays : input.customReminderDays,
        lastContactDate:
          lastContactInput === undefined
            ? current.lastContactDate
            : lastContactInput
              ? new Date(lastContactInput)
              : null,
      };
      const data: ContactWrite = { ...fields, listId: next.listId, lastContactDate: next.lastContactDate };
      data.overdueAt = await this.dueDate(db, userId, next);
      await this.contacts.update(userId, contactId, data, db);
    });
    return this.get(userId, contactId);
  }

  async remove(userId: string, id: string): Promise<{ message: string }> {
    if (!(await this.contacts.delete(userId, assertId(id, 'Contact')))) throw AppError.notFound('Contact');
    return { message: 'Contact deleted successfully' };
  }

  async scheduleReminder(
    userId: string,
    id: string,
    reminderDate: string,
    notes: string | null,
  ): Promise<{ contact: Contact }> {
    const contactId = assertId(id, 'Contact');
    const updated = await this.contacts.update(userId, contactId, {
      reminderDate: new Date(reminderDate),
      reminderNotes: notes,
    });
    if (!updated) throw AppError.notFound('Contact');
    return { contact: await this.get(userId, contactId) };
  }

  /** POST /communications/log: an interaction at a given time (never in the future). */
  async logCommunication(userId: string, input: z.output<typeof logCommunicationSchema>): Promise<LogContactResponse> {
    const { contact, communication } = await this.recordInteraction(userId, input.contactId, {
      type: input.type,
      timestamp: new Date(input.timestamp),
      notes: input.notes,
      duration: input.duration,
    });
    return { contact, communication: communication! };
  }

  /**
   * Moves the contact's last contact forward to the interaction (never backward, so an older
   * entry logged late does not make the contact look overdue), recomputes its due date and,
   * when given, stores the log entry — all in one transaction.
   */
  async recordInteraction(
    userId: string,
    id: string,
    entry: LogCommunication | null,
  ): Promise<{ contact: Contact; communication: Communication | null }> {
    const contactId = assertId(id, 'Contact');
    const at = entry?.timestamp ?? new Date();
    const communication = await this.contacts.transaction(async (db) => {
      const current = await this.lockContact(db, userId, contactId);
      if (!current.lastContactDate || current.lastContactDate < at) {
        const next = { ...current, lastContactDate: at };
        await this.contacts.update(
          userId,
          contactId,
          { lastContactDate: at, overdueAt: await this.dueDate(db, userId, next) },
          db,
        );
      }
      return entry ? this.communications.create(db, userId, contactId, { ...entry, timestamp: at }) : null;
    });
    return {
      contact: await this.get(userId, contactId),
      communication: communication && toCommunication(communication),
    };
  }

  async communicationsOf(userId: string, id: string, query: PageQuery): Promise<Paged<Communication>> {
    const contactId = assertId(id, 'Contact');
    if (!(await this.contacts.findById(userId, contactId))) throw AppError.notFound('Contact');
    const { rows, total } = await this.communications.findForContact(userId, contactId, pageRequest(query));
    return paged(rows.map(toCommunication), total, query);
  }

  private async lockContact(db: Prisma.TransactionClient, userId: string, contactId: string): Promise<OverdueInputs> {
    const current = await this.contacts.lockOverdueInputs(db, userId, contactId);
    if (!current) throw AppError.notFound('Contact');
    return current;
  }

  /** Due date from the inputs; the list's interval is read after the contact lock, so it is current. */
  private async dueDate(db: Db, userId: string, inputs: OverdueInputs): Promise<Date> {
    const listDays = inputs.listId ? await this.requireListDays(db, userId, inputs.listId) : null;
    return overdueAt(inputs.lastContactDate, effectiveReminderDays(inputs.customReminderDays, listDays));
  }

  /** The caller's list interval; another user's (or no such) list is a 404. */
  private async requireListDays(db: Db | undefined, userId: string, listId: string): Promise<number> {
    const days = await this.contacts.listReminderDays(userId, assertId(listId, 'List'), db);
    if (days == null) throw AppError.notFound('List');
    return days;
  }
}
