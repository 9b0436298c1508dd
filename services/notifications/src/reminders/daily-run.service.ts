import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError, internalReason } from '@kith/nest-kit';
import {
  BIRTHDAY_DIGEST_DAYS,
  ErrorCode,
  ErrorMessage,
  type OverdueDigestEntry,
  pluralize,
  type TriggerDailyResult,
  type User,
} from '@kith/contracts';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import { OutboxDispatcher } from '../outbox/outbox-dispatcher.service.js';
import type { DailyReminderCandidate } from '../outbox/outbox.types.js';
import { PeersClient } from '../peers/peers.client.js';
import { SettingsService } from '../settings/settings.service.js';
import type { StoredWebhook } from '../webhooks/webhooks.repository.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import { DailyRunsRepository, type RunTotals, type RunTrigger } from './daily-runs.repository.js';
import { ReminderComposer } from './reminder-composer.js';
import { CONTACTS_PER_EMAIL, utcDay } from './reminder-content.js';

/** Emails rendered and queued per statement. */
const ENQUEUE_CHUNK = 50;

/** The answer a caller gets is the usual 503; the run's record says why. */
const stoppingError = () =>
  new AppError(ErrorCode.SERVICE_UNAVAILABLE, ErrorMessage.SERVICE_UNAVAILABLE, undefined, 'the service is stopping');

export function dailyRunMessage({ usersProcessed, emailsQueued, alreadySentToday }: RunTotals): string {
  return (
    `Daily reminders triggered successfully: ${pluralize(usersProcessed, 'user')} with overdue contacts, ` +
    `${pluralize(emailsQueued, 'email')} queued, ${alreadySentToday} already sent today.`
  );
}

/**
 * The daily reminder run. Users with overdue contacts or birthdays coming come from the contacts digest one batch at
 * a time (cursor), their names and addresses from auth in one call per batch, so memory stays
 * flat in the number of users. A user's reminder is queued only once all of their data is in
 * hand; if a peer fails mid-run, the run is recorded as failed and retried later, and the users
 * already queued are skipped by the (user, day) claim.
 */
@Injectable()
export class DailyRunService {
  private readonly logger = new Logger(DailyRunService.name);

  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(PeersClient) private readonly peers: PeersClient,
    @Inject(DailyRunsRepository) private readonly runs: DailyRunsRepository,
    @Inject(OutboxDispatcher) private readonly dispatcher: OutboxDispatcher,
    @Inject(SettingsService) private readonly settings: SettingsService,
    @Inject(ReminderComposer) private readonly composer: ReminderComposer,
    @Inject(WebhooksService) private readonly webhooks: WebhooksService,
  ) {}

  private stopping = false;
  private readonly underWay = new Set<Promise<unknown>>();

  get isRunning(): boolean {
    return this.underWay.size > 0;
  }

  /**
   * At shutdown: no run starts any more, and one under way ends after its current batch, recorded
   * as failed, so a replica or the next boot makes it up at once. Cut off by the process's exit
   * instead, it would stay RUNNING and count as dead only after STALE_RUN_MS.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.underWay]);
  }

  /**
   * Today's reminders: everyone's (the cron, its retries, and the operator's button), or only
   * `onlyUserId`'s (anyone else's button: the counts are that user's). One run for everyone at a
   * time; a second is a 409. A user's own run is not recorded as the day's run.
   */
  run(trigger: RunTrigger, now: Date = new Date(), onlyUserId?: string): Promise<TriggerDailyResult> {
    if (this.stopping) return Promise.reject(stoppingError());
    const running = onlyUserId ? this.runFor(onlyUserId, now) : this.runNow(trigger, now);
    this.underWay.add(running);
    running.then(
      () => this.underWay.delete(running),
      () => this.underWay.delete(running),
    );
    return running;
  }

  private async runFor(userId: string, now: Date): Promise<TriggerDailyResult> {
    const totals: RunTotals = { usersProcessed: 0, emailsQueued: 0, alreadySentToday: 0 };
    const batch = await this.peers.overdueDigest({
      userId,
      batchSize: 1,
      contactsPerUser: CONTACTS_PER_EMAIL,
      birthdaysWithinDays: BIRTHDAY_DIGEST_DAYS,
    });
    await this.queueBatch(utcDay(now), batch.users, totals);
    return { message: dailyRunMessage(totals), ...totals };
  }

  private async runNow(trigger: RunTrigger, now: Date): Promise<TriggerDailyResult> {
    const day = utcDay(now);
    const runId = await this.runs.start(day, trigger, now);
    if (!runId) throw new AppError(ErrorCode.CONFLICT, 'Daily reminders are already being sent: try again in a minute');
    const totals: RunTotals = { usersProcessed: 0, emailsQueued: 0, alreadySentToday: 0 };
    try {
      let cursor: string | null = null;
      do {
        if (this.stopping) throw stoppingError();
        const batchStarted = Date.now();
        const batch = await this.peers.overdueDigest({
          cursor,
          batchSize: this.config.DIGEST_BATCH_SIZE,
          contactsPerUser: CONTACTS_PER_EMAIL,
          birthdaysWithinDays: BIRTHDAY_DIGEST_DAYS,
        });
        const digestMs = Date.now() - batchStarted;
        await this.queueBatch(day, batch.users, totals);
        this.logger.debug(
          `batch of ${batch.users.length} users: digest ${digestMs} ms, queued in ${Date.now() - batchStarted - digestMs} ms`,
        );
        cursor = batch.nextCursor;
      } while (cursor);
      await this.runs.finish(runId, totals);
      this.logger.log(`${trigger} run for ${day}: ${JSON.stringify(totals)}`);
      return { message: dailyRunMessage(totals), ...totals };
    } catch (error) {
      // The record names what failed (say, the NATS subject nobody answered), the answer does not.
      const reason = internalReason(error);
      this.logger.error(`${trigger} run for ${day} failed, will retry: ${reason}`);
      await this.runs.finish(runId, totals, reason).catch(() => undefined);
      throw error;
    }
  }

  private async queueBatch(day: string, entries: OverdueDigestEntry[], totals: RunTotals): Promise<void> {
    // A scheduled reminder or a birthday alone is reason enough for the day's e-mail.
    const wanted = entries.filter(
      (entry) => entry.totalOverdue > 0 || entry.scheduled.length > 0 || entry.birthdays.length > 0,
    );
    // A user who paused reminder e-mails gets none (test reminders still work).
    const paused = await this.settings.pausedAmong(wanted.map((entry) => entry.userId));
    const due = wanted.filter((entry) => !paused.has(entry.userId));
    if (due.length === 0) return;
    const dueIds = due.map((entry) => entry.userId);
    const [found, webhooks, lengths] = await Promise.all([
      this.peers.usersByIds(dueIds),
      this.webhooks.among(dueIds),
      this.settings.contactsPerEmailOf(dueIds),
    ]);
    const users = new Map(found.map((user) => [user._id, user]));
    // Rendered emails are the bulk of a run's memory: render and queue them a few at a time.
    for (let start = 0; start < due.length; start += ENQUEUE_CHUNK) {
      const chunk = due.slice(start, start + ENQUEUE_CHUNK).filter((entry) => {
        const user = users.get(entry.userId);
        if (!user) this.logger.warn(`User ${entry.userId} has overdue contacts but no account; skipped`);
        // Mail goes only to proven addresses: the app tells the user to confirm theirs.
        return user?.emailVerified === true;
      });
      const candidates = await Promise.all(
        chunk.map((entry) =>
          this.candidateFor(users.get(entry.userId)!, entry, lengths.get(entry.userId)!, webhooks.get(entry.userId)),
        ),
      );
      const queued = await this.dispatcher.enqueueDailyReminders(day, candidates);
      totals.usersProcessed += candidates.length;
      totals.emailsQueued += queued;
      totals.alreadySentToday += candidates.length - queued;
    }
  }

  private async candidateFor(
    user: User,
    entry: OverdueDigestEntry,
    contactsPerEmail: number,
    webhook?: StoredWebhook,
  ): Promise<DailyReminderCandidate> {
    const { email, webhook: webhookRequest } = await this.composer.compose(user, entry, {
      isTest: false,
      webhook,
      contactsPerEmail,
    });
    return { userId: user._id, to: user.email, overdueCount: entry.totalOverdue, email, webhook: webhookRequest };
  }
}
