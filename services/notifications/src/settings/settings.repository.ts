import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@kith/contracts';
import { PrismaService } from '../database/prisma.service.js';

const SETTINGS_FIELDS = {
  bestFriendDays: true,
  friendDays: true,
  acquaintanceDays: true,
  enablePushNotifications: true,
  remindersPaused: true,
  contactsPerEmail: true,
} as const;

/** What a user may change: the pause and the e-mail's length; the reminder days stay the spec's. */
export interface SettingsChanges {
  remindersPaused?: boolean;
  contactsPerEmail?: number;
}

@Injectable()
export class SettingsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  find(userId: string): Promise<NotificationSettings | null> {
    return this.prisma.notificationSettings.findUnique({ where: { userId }, select: SETTINGS_FIELDS });
  }

  /** Sets the writable fields given, creating the user's settings with the defaults if they have none yet. */
  async update(userId: string, changes: SettingsChanges): Promise<void> {
    await this.prisma.notificationSettings.upsert({
      where: { userId },
      create: { userId, ...DEFAULT_NOTIFICATION_SETTINGS, ...changes },
      update: changes,
    });
  }

  /** Each of these users' e-mail length (the default for users without settings). */
  async contactsPerEmailOf(userIds: string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.notificationSettings.findMany({
      where: { userId: { in: userIds } },
      select: { userId: true, contactsPerEmail: true },
    });
    return new Map(rows.map((row) => [row.userId, row.contactsPerEmail]));
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
