import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@kith/contracts';
import { PrismaService } from '../prisma/prisma.service.js';

const SETTINGS_FIELDS = {
  bestFriendDays: true,
  friendDays: true,
  acquaintanceDays: true,
  enablePushNotifications: true,
} as const;

@Injectable()
export class SettingsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  find(userId: string): Promise<NotificationSettings | null> {
    return this.prisma.notificationSettings.findUnique({ where: { userId }, select: SETTINGS_FIELDS });
  }

  /** Creates the user's settings with the defaults unless they exist (safe to repeat and to race). */
  async createDefaults(userId: string): Promise<void> {
    await this.prisma.notificationSettings.createMany({
      data: [{ userId, ...DEFAULT_NOTIFICATION_SETTINGS }],
      skipDuplicates: true,
    });
  }
}
