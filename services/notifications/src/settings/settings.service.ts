import { Inject, Injectable } from '@nestjs/common';
import type { NotificationSettings } from '@kith/contracts';
import { SettingsRepository } from './settings.repository.js';

/** Per-user notification settings: created with the defaults at registration; only the pause changes after. */
@Injectable()
export class SettingsService {
  constructor(@Inject(SettingsRepository) private readonly settings: SettingsRepository) {}

  createDefaults(userId: string): Promise<void> {
    return this.settings.createDefaults(userId);
  }

  async setRemindersPaused(userId: string, remindersPaused: boolean): Promise<NotificationSettings> {
    await this.settings.setRemindersPaused(userId, remindersPaused);
    return this.forUser(userId);
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
