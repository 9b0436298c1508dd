import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  CALENDAR_FEED_FILE_PATTERN,
  CALENDAR_FEED_TOKEN_BYTES,
  type CalendarFeedStatus,
  type CalendarFeedUrl,
  calendarFeedPath,
  getInTouchTitle,
  MS_PER_DAY,
  NatsSubject,
  type UserByIdRequest,
  type UserByIdResponse,
} from '@kith/contracts';
import { AppError, NatsClient, SecretBox, SecretBoxError } from '@kith/nest-kit';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CONTACTS_CONFIG, type ContactsConfig } from '../config/contacts.config.js';
import { CalendarFeedsRepository, type FeedContactRow } from './calendar-feeds.repository.js';
import { allDayEvent, calendarFooter, calendarHeader } from './ical-writer.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Contacts read per query while the feed streams. */
const FEED_PAGE_SIZE = 500;
/** Raised whenever the feed's rendering changes, so cached copies are not taken for current. */
const FEED_FORMAT_VERSION = 1;

const startOfUtcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/**
 * The day a contact is due: its interval after the last contact (overdue_at is one day later),
 * and never in the past: an overdue or never-contacted contact is due today. A snoozed contact
 * is due no earlier than the day its snooze ends — the day reminders about it start again —
 * so the calendar does not nag about someone the person chose to set aside.
 */
export function dueDay(overdueAt: Date, today: Date, snoozedUntil: Date | null = null): Date {
  const due = startOfUtcDay(new Date(overdueAt.getTime() - MS_PER_DAY));
  const snoozeEnd = snoozedUntil ? startOfUtcDay(snoozedUntil) : null;
  const latest = Math.max(due.getTime(), today.getTime(), snoozeEnd?.getTime() ?? 0);
  return new Date(latest);
}

/** A year to anchor a birthday without one: a leap year, so 29 February recurs in leap years. */
const YEARLESS_BIRTHDAY_ANCHOR = 2000;

/** The first occurrence of a birthday ("1985-03-12" or "--03-12") as a UTC day. */
export function birthdayStart(birthday: string): Date | null {
  const [, year, month, day] = /^(\d{4}|-)-(\d{2})-(\d{2})$/.exec(birthday) ?? [];
  if (!month || !day) return null;
  return new Date(Date.UTC(year === '-' ? YEARLESS_BIRTHDAY_ANCHOR : Number(year), Number(month) - 1, Number(day)));
}

/**
 * A contact's events: when to get in touch (none for a contact not kept in touch with: it has no
 * due date), a reminder the user scheduled, and the birthday.
 */
export function feedEvents(contact: FeedContactRow, today: Date): string {
  let text = '';
  if (contact.overdueAt) {
    const due = dueDay(contact.overdueAt, today, contact.snoozedUntil);
    const movedBySnooze = contact.snoozedUntil !== null && due > dueDay(contact.overdueAt, today);
    text += allDayEvent({
      uid: `due-${contact.id}@kith`,
      date: due,
      summary: getInTouchTitle(contact),
      description: movedBySnooze ? `Snoozed until ${contact.snoozedUntil!.toISOString().slice(0, 10)}` : null,
      stamp: contact.updatedAt,
    });
  }
  if (contact.reminderDate) {
    text += allDayEvent({
      uid: `reminder-${contact.id}@kith`,
      date: startOfUtcDay(contact.reminderDate),
      summary: `Reminder: ${getInTouchTitle(contact)}`,
      description: contact.reminderNotes,
      stamp: contact.updatedAt,
    });
  }
  const birthday = contact.birthday ? birthdayStart(contact.birthday) : null;
  if (birthday) {
    text += allDayEvent({
      uid: `birthday-${contact.id}@kith`,
      date: birthday,
      summary: `Birthday: ${`${contact.firstName} ${contact.lastName}`.trim()}`,
      recurrence: 'FREQ=YEARLY',
      stamp: contact.updatedAt,
    });
  }
  return text;
}

/** The private calendar feed: token management and the streamed .ics. */
@Injectable()
export class CalendarFeedService {
  private readonly logger = new Logger(CalendarFeedService.name);
  /** Encrypts tokens so the URL can be shown again; none without CALENDAR_FEED_ENCRYPTION_KEY. */
  private readonly box: SecretBox | null;

  constructor(
    @Inject(CalendarFeedsRepository) private readonly feeds: CalendarFeedsRepository,
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(CONTACTS_CONFIG) private readonly config: ContactsConfig,
  ) {
    this.box = config.CALENDAR_FEED_ENCRYPTION_KEY ? SecretBox.withKey(config.CALENDAR_FEED_ENCRYPTION_KEY) : null;
  }

  /** Whether the feed is on, and its URL when it can be shown again. */
  async status(userId: string): Promise<CalendarFeedStatus> {
    const feed = await this.feeds.find(userId);
    return {
      active: Boolean(feed),
      createdAt: feed?.createdAt.toISOString() ?? null,
      url: feed?.tokenCiphertext ? this.urlOf(feed.tokenCiphertext, userId) : null,
    };
  }

  /**
   * A new 256-bit token: looked up by its hash, and kept encrypted (bound to the user) so the URL
   * can be shown and copied again; the database alone never gives it away.
   */
  async regenerate(userId: string): Promise<CalendarFeedUrl> {
    const token = randomBytes(CALENDAR_FEED_TOKEN_BYTES).toString('base64url');
    await this.feeds.upsert(userId, sha256(token), this.box?.seal(token, userId) ?? null);
    return { url: `${this.config.APP_URL}${calendarFeedPath(token)}` };
  }

  /** True when there was a feed. */
  turnOff(userId: string): Promise<boolean> {
    return this.feeds.remove(userId);
  }

  private urlOf(tokenCiphertext: string, userId: string): string | null {
    try {
      return `${this.config.APP_URL}${calendarFeedPath(this.box!.open(tokenCiphertext, userId))}`;
    } catch (error) {
      if (!(error instanceof SecretBoxError) && !(error instanceof TypeError)) throw error;
      // The key changed or was removed: the feed still works, its URL cannot be shown again.
      this.logger.warn(
        `Calendar feed URL of user ${userId} cannot be decrypted: was CALENDAR_FEED_ENCRYPTION_KEY changed?`,
      );
      return null;
    }
  }

  /** Answers `GET /calendar/{token}.ics`: 404 for any unknown token, 304 when unchanged. */
  async serve(file: string, request: Request, response: Response): Promise<void> {
    const token = CALENDAR_FEED_FILE_PATTERN.exec(file)?.[1];
    const feed = token ? await this.feeds.findByTokenHash(sha256(token)) : null;
    // An erased account's feed goes with its rows; until its erasure reaches this service, auth
    // (which forgets the user at once) decides.
    if (
      !feed ||
      !(await this.nats.request<UserByIdResponse, UserByIdRequest>(NatsSubject.AUTH_USER_BY_ID, {
        userId: feed.userId,
      }))
    ) {
      throw AppError.notFound('Calendar feed');
    }
    const today = startOfUtcDay(new Date());
    const etag = `"${sha256(`${FEED_FORMAT_VERSION}|${today.toISOString()}|${feed.tokenHash}|${await this.feeds.fingerprint(feed.userId)}`).slice(0, 32)}"`;
    response.setHeader('ETag', etag);
    response.setHeader('Cache-Control', 'private, no-cache');
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
      response.status(304).end();
      return;
    }
    response.status(200);
    response.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    response.setHeader('Content-Disposition', 'inline; filename="kith.ics"');
    await write(response, calendarHeader('Kith'));
    let after: FeedContactRow | null = null;
    for (;;) {
      const rows = await this.feeds.page(feed.userId, after, FEED_PAGE_SIZE);
      if (rows.length > 0) await write(response, rows.map((row) => feedEvents(row, today)).join(''));
      if (rows.length < FEED_PAGE_SIZE) break;
      after = rows[rows.length - 1]!;
    }
    await write(response, calendarFooter());
    response.end();
  }
}

/** Back-pressure: a slow calendar client never piles the feed up in memory. */
async function write(response: Response, chunk: string): Promise<void> {
  if (response.destroyed) throw new Error('the client went away');
  if (!response.write(chunk)) await Promise.race([once(response, 'drain'), once(response, 'close')]);
}
