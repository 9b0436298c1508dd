import { Inject, Injectable } from '@nestjs/common';
import {
  type EmailActionKind,
  type EmailActionPreview,
  type EmailActionResult,
  ErrorCode,
  ErrorMessage,
  fullName,
  snoozedUntilLabel,
  snoozeUntil,
  type User,
} from '@kith/contracts';
import { AppError, inTransaction } from '@kith/nest-kit';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import { PeersClient } from '../peers/peers.client.js';
import { SettingsService } from '../settings/settings.service.js';
import { type EmailActionClaims, recipientDigest, signEmailAction, verifyEmailAction } from './email-action-tokens.js';

/** Who a reminder e-mail goes to: its links are bound to the account and the address. */
export type Recipient = Pick<User, '_id' | 'email'>;
import { EmailActionsRepository } from './email-actions.repository.js';

const SIGNING_KEY_NAME = 'email-actions';

/** The links a reminder e-mail carries for one contact. */
export interface ContactActionLinks {
  markContacted: string;
  snooze: string;
}

export interface ReminderExtras {
  actionLinks: Map<string, ContactActionLinks>;
  pauseUrl: string;
  headers: Record<string, string>;
}

/** The pause links of a reminder e-mail: the page (footer) and the RFC 8058 one-click endpoint. */
export interface PauseLinks {
  page: string;
  oneClick: string;
}

/**
 * One-click links in reminder e-mails. A link opens a Kith page (GET shows what it will do and
 * changes nothing, so mail scanners that prefetch links are harmless); its one button POSTs.
 * Links are signed, bound to the user and contact, valid 7 days and single use; pause links are
 * idempotent and live 90 days, so an old e-mail can always stop reminder mail.
 */
@Injectable()
export class EmailActionsService {
  private secret?: Promise<Uint8Array>;

  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(EmailActionsRepository) private readonly repository: EmailActionsRepository,
    @Inject(PeersClient) private readonly peers: PeersClient,
    @Inject(SettingsService) private readonly settings: SettingsService,
  ) {}

  async contactLinks(user: Recipient, contactId: string, now: Date = new Date()): Promise<ContactActionLinks> {
    const [markContacted, snooze] = await Promise.all([
      this.sign(user, contactId, 'mark-contacted', now),
      this.sign(user, contactId, 'snooze', now),
    ]);
    return { markContacted: this.pageUrl(markContacted), snooze: this.pageUrl(snooze) };
  }

  async pauseLinks(user: Recipient, now: Date = new Date()): Promise<PauseLinks> {
    const token = await this.sign(user, null, 'pause-reminders', now);
    return { page: this.pageUrl(token), oneClick: `${this.config.APP_URL}/api/notifications/actions/${token}` };
  }

  /**
   * What a reminder e-mail to this user carries: one-click links for each listed contact, the
   * footer's pause link, and the RFC 8058 headers that let mail clients offer one-click pausing.
   */
  async reminderExtras(user: Recipient, contactIds: string[], now: Date = new Date()): Promise<ReminderExtras> {
    const [pause, ...links] = await Promise.all([
      this.pauseLinks(user, now),
      ...contactIds.map((id) => this.contactLinks(user, id, now)),
    ]);
    return {
      actionLinks: new Map(contactIds.map((id, index) => [id, links[index]!])),
      pauseUrl: pause.page,
      headers: { 'List-Unsubscribe': `<${pause.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  async preview(token: string): Promise<EmailActionPreview> {
    const { claims, expired } = await this.verify(token);
    await this.assertAccountUnchanged(claims);
    const state = expired
      ? 'expired'
      : claims.action !== 'pause-reminders' && (await this.repository.isUsed(claims.tokenId))
        ? 'used'
        : 'ready';
    const contact = claims.contactId
      ? await this.peers.contactForUser({ userId: claims.userId, contactId: claims.contactId })
      : null;
    return {
      action: claims.action,
      state,
      contact: contact && { firstName: contact.firstName, lastName: contact.lastName },
      expiresAt: claims.expiresAt.toISOString(),
    };
  }

  async perform(token: string, now: Date = new Date()): Promise<EmailActionResult> {
    const { claims, expired } = await this.verify(token);
    if (expired) throw new AppError(ErrorCode.LINK_EXPIRED, ErrorMessage.EMAIL_LINK_EXPIRED);
    await this.assertAccountUnchanged(claims);
    if (claims.action === 'pause-reminders') {
      await this.settings.setRemindersPaused(claims.userId, true);
      return { action: claims.action, message: 'Reminder e-mails are paused. You can turn them back on in Settings.' };
    }
    // The use is recorded in the transaction that acts: if contacts is unreachable, the link stays usable.
    const message = await inTransaction(this.repository.pool, async (client) => {
      if (!(await this.repository.claimUse(client, claims)))
        throw new AppError(ErrorCode.LINK_USED, ErrorMessage.EMAIL_LINK_USED);
      return this.act(claims, now);
    });
    return { action: claims.action, message };
  }

  /** Housekeeping for the daily run. */
  forgetExpiredUses(now: Date = new Date()): Promise<void> {
    return this.repository.forgetExpiredUses(now);
  }

  private async act(claims: EmailActionClaims, now: Date): Promise<string> {
    const request = { userId: claims.userId, contactId: claims.contactId! };
    if (claims.action === 'mark-contacted') {
      const contact = await this.peers.markContactedFromReminder(request);
      if (!contact) throw AppError.notFound('Contact');
      return `${fullName(contact)} is marked as contacted.`;
    }
    const until = snoozeUntil('week', now);
    const contact = await this.peers.snoozeFromReminder({ ...request, until: until.toISOString() });
    if (!contact) throw AppError.notFound('Contact');
    return `${fullName(contact)}: ${snoozedUntilLabel(until)}. They are left out of reminder e-mails until then.`;
  }

  private async verify(token: string): Promise<{ claims: EmailActionClaims; expired: boolean }> {
    const verified = token.length <= 2048 ? await verifyEmailAction(await this.signingSecret(), token) : null;
    if (!verified) throw new AppError(ErrorCode.BAD_REQUEST, ErrorMessage.EMAIL_LINK_INVALID);
    return verified;
  }

  /**
   * A link acts for the account it was mailed to, while that account exists and still has the
   * address the mail went to: an erased account's links (even its pause link) are dead, and so
   * are links in mail to an address the account has since left.
   */
  private async assertAccountUnchanged(claims: EmailActionClaims): Promise<void> {
    const user = await this.peers.findUser(claims.userId);
    if (!user || (claims.recipient !== null && claims.recipient !== recipientDigest(user.email))) {
      throw new AppError(ErrorCode.BAD_REQUEST, ErrorMessage.EMAIL_LINK_INVALID);
    }
  }

  private async sign(user: Recipient, contactId: string | null, action: EmailActionKind, now: Date): Promise<string> {
    return signEmailAction(await this.signingSecret(), { userId: user._id, email: user.email, contactId, action }, now);
  }

  private pageUrl(token: string): string {
    return `${this.config.APP_URL}/email-action/${token}`;
  }

  private signingSecret(): Promise<Uint8Array> {
    this.secret ??= this.repository.signingSecret(SIGNING_KEY_NAME).catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return this.secret;
  }
}
