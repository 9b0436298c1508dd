import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@kith/contracts';
import { type SettingsChanges, SettingsRepository } from './settings.repository.js';

/** Per-user notification settings: created with the defaults at registration; only the pause changes after. */
@Injectable()
export class SettingsService {
  constructor(@Inject(SettingsRepository) private readonly settings: SettingsRepository) {}

  createDefaults(userId: string): Promise<void> {
    return this.settings.createDefaults(userId);
  }

  async update(userId: string, changes: SettingsChanges): Promise<NotificationSettings> {
    await this.settings.update(userId, changes);
    return this.forUser(userId);
  }

  async setRemindersPaused(userId: string, remindersPaused: boolean): Promise<NotificationSettings> {
    return this.update(userId, { remindersPaused });
  }

  /** How many people each user's e-mail lists (DEFAULT_NOTIFICATION_SETTINGS' for users without settings). */
  async contactsPerEmailOf(userIds: string[]): Promise<Map<string, number>> {
    const found = await this.settings.contactsPerEmailOf(userIds);
    return new Map(
      userIds.map((userId) => [userId, found.get(userId) ?? DEFAULT_NOTIFICATION_SETTINGS.contactsPerEmail]),
    );
  }

  pausedAmong(userIds: string[]): Promise<Set<string>> {
    return this.settings.pausedAmong(userIds);
  }

  /** Users who registered before this service ran (or whose event was missed) get theirs now. */
  async forUser(userId: string): Promise<NotificationSettings> {
    const existing = await this.settings.find(userId);
    if (existing) return existing;
    await this.settings.createDefaults(userId);
    return (await this.settings.find(userId))!;
  }
}
