import { Inject, Injectable } from '@nestjs/common';
import {
  type Contact,
  type ContactInputParsed,
  type ContactQuery,
  type ContactSectionsQuery,
  type ContactSectionsResponse,
  NO_LIST_ID,
  NO_LIST_SECTION_NAME,
  type contactUpdateSchema,
  lastContactOf,
  remindingDays,
  overdueAt,
  type PageQuery,
  type Paged,
  birthdayMonthDaysWithin,
  type ItemsResponse,
  type UpcomingBirthday,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import type { z } from 'zod';
import { paged, pageRequest } from '../common/paging.js';
import type { Db, Trx } from '../database/database.js';
import { toContact, upcomingBirthdaysOf } from './contact.mapper.js';
import {
  type BirthdayRecord,
  ContactsRepository,
  type ContactWrite,
  type ListReminder,
  type OverdueInputs,
  type TimerInputs,
} from './contacts.repository.js';

type ContactUpdate = z.output<typeof contactUpdateSchema>;

@Injectable()
export class ContactsService {
  constructor(@Inject(ContactsRepository) private readonly contacts: ContactsRepository) {}

  /** Contacts whose birthday is celebrated from today through `withinDays` days later, soonest first. */
  async upcomingBirthdays(userId: string, withinDays: number): Promise<ItemsResponse<UpcomingBirthday>> {
    const items = (await this.birthdaysOf([userId], withinDays)).get(userId) ?? [];
    return { items, totalItems: items.length };
  }

  /** Each user's birthdays within the window, soonest first (users without any are absent). */
  async birthdaysOf(
    userIds: string[],
    withinDays: number,
    now: Date = new Date(),
  ): Promise<Map<string, UpcomingBirthday[]>> {
    const records = userIds.length
      ? await this.contacts.findBirthdays(userIds, birthdayMonthDaysWithin(withinDays, now))
      : [];
    const recordsByUser = new Map<string, BirthdayRecord[]>();
    for (const record of records)
      recordsByUser.set(record.userId, [...(recordsByUser.get(record.userId) ?? []), record]);
    const byUser = new Map<string, UpcomingBirthday[]>();
    for (const [userId, ofUser] of recordsByUser) {
      const birthdays = upcomingBirthdaysOf(ofUser, withinDays, now);
      if (birthdays.length) byUser.set(userId, birthdays);
    }
    return byUser;
  }

  /** The contacts page: search, list and overdue filters, sort, paging. */
  async list(userId: string, query: ContactQuery): Promise<Paged<Contact>> {
    const now = new Date();
    const listId = await this.listScope(userId, query.listId);
    const { records, total } = await this.contacts.findPage(
      { userId, listId, search: query.search, overdue: query.filter === 'overdue', now },
      { sortBy: query.sortBy, sortOrder: query.sortOrder },
      pageRequest(query),
    );
    return paged(
      records.map((record) => toContact(record, now)),
      total,
      query,
    );
  }

  /**
   * The grouped contacts screen's sections: per list (and 'No List'), how many contacts the scope
   * and search hold and how many of them are overdue, sorted by list name, 'No List' last.
   */
  async sections(userId: string, query: ContactSectionsQuery): Promise<ContactSectionsResponse> {
    const records = await this.contacts.countByList({
      userId,
      search: query.search,
      overdue: query.filter === 'overdue',
      now: new Date(),
    });
    const sections = records.map((record) => ({
      listId: record.listId,
      name: record.listId ? (record.name ?? NO_LIST_SECTION_NAME) : NO_LIST_SECTION_NAME,
      color: record.listId ? record.color : null,
      totalItems: record.totalItems,
      overdueCount: record.overdueCount,
    }));
    return { sections, totalItems: sections.reduce((sum, section) => sum + section.totalItems, 0) };
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
    const record = await this.contacts.findById(userId, id);
    if (!record) throw AppError.notFound('Contact');
    return toContact(record);
  }

  async create(userId: string, input: ContactInputParsed): Promise<Contact> {
    const id = await this.contacts.transaction(async (db) => {
      const lastContactDate = input.lastContactDate ? new Date(input.lastContactDate) : null;
      const keepInTouch = input.keepInTouch ?? true;
      const listId = input.listId ?? null;
      return this.contacts.create(
        userId,
        {
          ...input,
          listId,
          keepInTouch,
          lastContactDate,
          statusContactDate: lastContactDate,
          overdueAt: await this.dueDate(db, userId, {
            listId,
            customReminderDays: input.customReminderDays,
            keepInTouch,
            lastContactDate,
          }),
        },
        db,
      );
    });
    return this.get(userId, id);
  }

  /**
   * Changes only the given fields; the due date follows a new list or interval. A given
   * lastContactDate (Update Status) is the date set without an interaction: the last contact
   * becomes it or the newest logged interaction, whichever is newer.
   */
  async update(userId: string, contactId: string, input: ContactUpdate): Promise<Contact> {
    await this.contacts.transaction(async (db) => {
      const current = await this.lockTimer(db, userId, contactId);
      const {
        lastContactDate: lastContactInput,
        listId: listInput,
        customReminderDays: daysInput,
        keepInTouch: keepInput,
        ...fields
      } = input;
      await this.settleTimer(
        db,
        userId,
        contactId,
        {
          ...current,
          listId: listInput === undefined ? current.listId : (listInput ?? null),
          customReminderDays: daysInput === undefined ? current.customReminderDays : daysInput,
          keepInTouch: keepInput ?? current.keepInTouch,
          statusContactDate:
            lastContactInput === undefined
              ? current.statusContactDate
              : lastContactInput
                ? new Date(lastContactInput)
                : null,
        },
        fields,
      );
    });
    return this.get(userId, contactId);
  }

  async remove(userId: string, id: string): Promise<{ message: string }> {
    if (!(await this.contacts.delete(userId, id))) throw AppError.notFound('Contact');
    return { message: 'Contact deleted successfully' };
  }

  async scheduleReminder(
    userId: string,
    contactId: string,
    reminderDate: string,
    notes: string | null,
  ): Promise<{ contact: Contact }> {
    const updated = await this.contacts.update(userId, contactId, {
      reminderDate: new Date(reminderDate),
      reminderNotes: notes,
    });
    if (!updated) throw AppError.notFound('Contact');
    return { contact: await this.get(userId, contactId) };
  }

  /** Leaves the contact out of reminder e-mails until `until`; it still counts as overdue. */
  async snooze(userId: string, contactId: string, until: Date | null): Promise<{ contact: Contact }> {
    if (!(await this.contacts.update(userId, contactId, { snoozedUntil: until }))) throw AppError.notFound('Contact');
    return { contact: await this.get(userId, contactId) };
  }

  /**
   * Locks the caller's contact for the rest of the transaction (404 when it is not theirs) and
   * returns what its timer is derived from. Interactions are only written under this lock.
   */
  async lockTimer(db: Trx, userId: string, contactId: string): Promise<TimerInputs> {
    const current = await this.contacts.lockTimerInputs(db, userId, contactId);
    if (!current) throw AppError.notFound('Contact');
    return current;
  }

  /**
   * Changes what a contact's timer derives from (its interactions, via `change`, or its status
   * date, via what `change` returns) under the contact's row lock, then re-derives the timer.
   */
  async changeTimer(
    db: Trx,
    userId: string,
    contactId: string,
    change: (current: TimerInputs) => Promise<Partial<TimerInputs> | void>,
  ): Promise<void> {
    const current = await this.lockTimer(db, userId, contactId);
    const overrides = (await change(current)) ?? {};
    const after = { ...(await this.lockTimer(db, userId, contactId)), ...overrides };
    // Getting in touch ends a snooze: the timer restarts from this contact.
    const lastContact = lastContactOf(after.newestInteraction, after.statusContactDate);
    const touched = lastContact != null && (current.lastContactDate == null || lastContact > current.lastContactDate);
    await this.settleTimer(db, userId, contactId, after, touched ? { snoozedUntil: null } : {});
  }

  transaction<T>(work: (db: Trx) => Promise<T>): Promise<T> {
    return this.contacts.transaction(work);
  }

  /**
   * Re-derives the locked contact's last contact (contracts' lastContactOf) and due date after
   * its interactions or its status date changed; `changes` are fields the caller sets with it.
   */
  async settleTimer(
    db: Trx,
    userId: string,
    contactId: string,
    inputs: Omit<TimerInputs, 'lastContactDate'>,
    changes: ContactWrite = {},
  ): Promise<void> {
    const lastContactDate = lastContactOf(inputs.newestInteraction, inputs.statusContactDate);
    const overdue = await this.dueDate(db, userId, { ...inputs, lastContactDate });
    await this.contacts.update(
      userId,
      contactId,
      {
        ...changes,
        listId: inputs.listId,
        customReminderDays: inputs.customReminderDays,
        keepInTouch: inputs.keepInTouch,
        statusContactDate: inputs.statusContactDate,
        lastContactDate,
        overdueAt: overdue,
      },
      db,
    );
  }

  /**
   * Due date from the inputs (null: not kept in touch with); the list's interval and switch are
   * read after the contact lock, so they are current.
   */
  private async dueDate(db: Db, userId: string, inputs: OverdueInputs): Promise<Date | null> {
    const list = inputs.listId ? await this.requireList(db, userId, inputs.listId) : null;
    return overdueAt(
      inputs.lastContactDate,
      remindingDays({
        customReminderDays: inputs.customReminderDays,
        keepInTouch: inputs.keepInTouch,
        lastContactDate: inputs.lastContactDate,
        listReminderDays: list?.reminderDays ?? null,
        listKeepInTouch: list?.keepInTouch ?? null,
      }),
    );
  }

  /** `listId` of a query: absent for everyone, NO_LIST_ID for no list, else the caller's list (404 otherwise). */
  private async listScope(userId: string, listId: string | undefined): Promise<string | null | undefined> {
    if (listId === undefined) return undefined;
    if (listId === NO_LIST_ID) return null;
    await this.requireList(undefined, userId, listId);
    return listId;
  }

  /** The caller's list's interval and switch; another user's (or no such) list is a 404. */
  private async requireList(db: Db | undefined, userId: string, listId: string): Promise<ListReminder> {
    const list = await this.contacts.listReminder(userId, listId, db);
    if (!list) throw AppError.notFound('List');
    return list;
  }
}
