import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@kith/contracts';
import { PrismaService } from '../database/prisma.service.js';

const SETTINGS_FIELDS = {
  bestFriendDays: true,
  friendDays: true,
  acquaintanceDays: true,
  enablePushNotifications: true,
  remindersPaused: true,
} as const;

@Injectable()
export class SettingsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  find(userId: string): Promise<NotificationSettings | null> {
    return this.prisma.notificationSettings.findUnique({ where: { userId }, select: SETTINGS_FIELDS });
  }

  /** Sets the pause, creating the user's settings with the defaults if they have none yet. */
  async setRemindersPaused(userId: string, remindersPaused: boolean): Promise<void> {
    await this.prisma.notificationSettings.upsert({
      where: { userId },
      create: { userId, ...DEFAULT_NOTIFICATION_SETTINGS, remindersPaused },
      update: { remindersPaused },
    });
  }

  /** Which of these users paused reminder e-mails (one query per digest batch). */
  async pausedAmong(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.prisma.notificationSettings.findMany({
      where: { userId: { in: userIds }, remindersPaused: true },
      select: { userId: true },
    });
    return new Set(rows.map((row) => row.userId));
  }

  /** Creates the user's settings with the defaults unless they exist (safe to repeat and to race). */
  async createDefaults(userId: string): Promise<void> {
    await this.prisma.notificationSettings.createMany({
      data: [{ userId, ...DEFAULT_NOTIFICATION_SETTINGS }],
      skipDuplicates: true,
    });
  }
}
