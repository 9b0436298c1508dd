import { Inject, Injectable } from '@nestjs/common';
import type { NotificationSettings } from '@kith/contracts';
import { SettingsRepository } from './settings.repository.js';

/** Per-user notification settings: created with the defaults at registration, read-only after. */
@Injectable()
export class SettingsService {
  constructor(@Inject(SettingsRepository) private readonly settings: SettingsRepository) {}

  createDefaults(userId: string): Promise<void> {
    return this.settings.createDefaults(userId);
  }

  /** Users who registered before this service ran (or whose event was missed) get theirs now. */
  async forUser(userId: string): Promise<NotificationSettings> {
    const existing = await this.settings.find(userId);
    if (existing) return existing;
    await this.settings.createDefaults(userId);
    return (await this.settings.find(userId))!;
  }
}
