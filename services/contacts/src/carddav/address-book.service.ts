import { Inject, Injectable } from '@nestjs/common';
import { overdueAt, remindingDays } from '@kith/contracts';
import { ContactsRepository } from '../contacts/contacts.repository.js';
import type { Trx } from '../database/database.js';
import { AddressBookRepository, type CardRow } from './address-book.repository.js';
import { CardRejectedError, type CardFields, newCardUid, readCard, writeCard } from '../vcard/index.js';
import { DavError } from './dav-error.js';
import { NS } from './dav-xml.js';

/** Strong ETag of a card: the number of its last change (a trigger bumps it on every change). */
export const etagOf = (revision: string): string => `"${revision}"`;

/** RFC 6578 sync token of a user's address book at a change number. */
export const SYNC_TOKEN_PREFIX = 'http://kith.app/ns/sync/';
export const syncTokenOf = (revision: string): string => `${SYNC_TOKEN_PREFIX}${revision}`;

/** A rendered card. */
export interface Card {
  href: string;
  etag: string;
  vcard: string;
}

export interface WriteConditions {
  /** If-Match: the ETag the client last saw (or '*'). */
  ifMatch?: string;
  /** If-None-Match: '*' when the client means to create only. */
  ifNoneMatch?: string;
}

/** Per-request view of the user's lists: resolves categories and renders cards. */
export class ListsView {
  readonly names: ReadonlySet<string>;
  private readonly byName: Map<string, string>;

  constructor(lists: { id: string; name: string }[]) {
    this.names = new Set(lists.map((list) => list.name));
    // Two lists of one name: the older one, as the import picks it.
    this.byName = new Map(lists.toReversed().map((list) => [list.name.toLowerCase(), list.id]));
  }

  /** The first category that names one of the user's lists. */
  listOf(categories: string[]): string | null {
    for (const category of categories) {
      const id = this.byName.get(category.toLowerCase());
      if (id) return id;
    }
    return null;
  }

  render(row: CardRow): Card {
    const vcard = writeCard(row, this.names);
    return { href: row.href, etag: etagOf(row.revision), vcard };
  }
}

/**
 * The user's one address book: every contact is a card. Writes go through the contacts
 * repository with the contacts rules (the due date follows the list), in one transaction
 * with the If-Match / If-None-Match check, so a stale write is a 412 and never half-stored.
 */
@Injectable()
export class AddressBookService {
  constructor(
    @Inject(AddressBookRepository) readonly cards: AddressBookRepository,
    @Inject(ContactsRepository) private readonly contacts: ContactsRepository,
  ) {}

  async listsView(userId: string): Promise<ListsView> {
    return new ListsView(await this.cards.lists(userId));
  }

  async card(userId: string, href: string): Promise<Card> {
    const [row] = await this.cards.cardsByHref(userId, [href]);
    if (!row) throw DavError.notFound();
    return (await this.listsView(userId)).render(row);
  }

  /** Creates or replaces the card at `href`. `etag` is set only when the stored card is the body as sent. */
  async put(
    userId: string,
    href: string,
    body: string,
    conditions: WriteConditions,
  ): Promise<{ created: boolean; etag: string | null }> {
    let fields: CardFields;
    try {
      fields = readCard(body);
    } catch (error) {
      if (error instanceof CardRejectedError) throw DavError.invalidCard(error.message);
      throw error;
    }
    const lists = await this.listsView(userId);
    const listId = lists.listOf(fields.categories);
    const { created, id } = await this.contacts.transaction(async (db) => {
      const existing = await this.cards.lockByHref(db, userId, href);
      checkConditions(existing?.revision ?? null, conditions);
      const uid = fields.uid ?? existing?.uid ?? newCardUid();
      const uidHolder = await this.cards.hrefOfUid(db, userId, uid);
      if (uidHolder !== null && uidHolder !== href) {
        throw new DavError(409, `Another card (${uidHolder}) already has UID ${uid}`, {
          ns: NS.CARDDAV,
          name: 'no-uid-conflict',
        });
      }
      const { uid: _uid, categories: _categories, ...contactFields } = fields;
      const card = {
        ...contactFields,
        listId,
        davUid: uid,
        davCard: body,
      };
      if (existing) {
        await this.contacts.update(
          userId,
          existing.id,
          { ...card, overdueAt: await this.dueDate(db, userId, existing.id, listId) },
          db,
        );
        return { created: false, id: existing.id };
      }
      const list = listId ? await this.contacts.listReminder(userId, listId, db) : null;
      const subject = {
        lastContactDate: null,
        customReminderDays: null,
        listReminderDays: list?.reminderDays ?? null,
        listKeepInTouch: list?.keepInTouch ?? null,
      };
      const id = await this.contacts.create(
        userId,
        { ...card, davHref: href, overdueAt: overdueAt(null, remindingDays(subject)) },
        db,
      );
      return { created: true, id };
    });
    const [row] = await this.cards.cardsByHref(userId, [href]);
    const rendered = row && row.id === id ? lists.render(row) : null;
    return { created, etag: rendered && rendered.vcard === body ? rendered.etag : null };
  }

  async delete(userId: string, href: string, conditions: WriteConditions): Promise<void> {
    await this.contacts.transaction(async (db) => {
      const existing = await this.cards.lockByHref(db, userId, href);
      if (!existing) throw DavError.notFound();
      checkConditions(existing.revision, conditions);
      await this.contacts.delete(userId, existing.id, db);
    });
  }

  /** The contact's due date with its (possibly new) list; its own interval and last contact stay. */
  private async dueDate(db: Trx, userId: string, contactId: string, listId: string | null): Promise<Date | null> {
    const current = await this.contacts.lockTimerInputs(db, userId, contactId);
    const list = listId ? await this.contacts.listReminder(userId, listId, db) : null;
    const lastContactDate = current?.lastContactDate ?? null;
    const subject = {
      lastContactDate,
      customReminderDays: current?.customReminderDays ?? null,
      keepInTouch: current?.keepInTouch ?? true,
      listReminderDays: list?.reminderDays ?? null,
      listKeepInTouch: list?.keepInTouch ?? null,
    };
    return overdueAt(lastContactDate, remindingDays(subject));
  }
}

/** RFC 7232 preconditions against the card's current ETag (null: no card at that name). */
function checkConditions(revision: string | null, { ifMatch, ifNoneMatch }: WriteConditions): void {
  const current = revision === null ? null : etagOf(revision);
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(',').map((tag) => tag.trim());
    if (current !== null && (tags.includes('*') || tags.includes(current))) {
      throw DavError.preconditionFailed('A card already exists at this address (If-None-Match)');
    }
  }
  if (ifMatch !== undefined) {
    const tags = ifMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    if (current === null || !(tags.includes('*') || tags.includes(current))) {
      throw DavError.preconditionFailed('The card changed since you last read it (If-Match); fetch it again');
    }
  }
}
