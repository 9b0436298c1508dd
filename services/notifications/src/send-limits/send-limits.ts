import { ErrorCode, TEST_SENDS_PER_HOUR } from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';

/** What a user sends by hand, each limited on its own. */
export const SendKind = { TEST_REMINDER: 'TEST_REMINDER', WEBHOOK_TEST: 'WEBHOOK_TEST' } as const;
export type SendKind = (typeof SendKind)[keyof typeof SendKind];

const WINDOW_MS = 60 * 60_000;

/**
 * Test reminders and webhook tests: at most TEST_SENDS_PER_HOUR per user and kind in an hour-long
 * window, so nobody can use Kith to flood an inbox or an endpoint. A send is reserved (one atomic
 * upsert of the user's row) before anything is sent: parallel requests are counted exactly.
 */
@Injectable()
export class SendLimits {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  /** Counts one send, or throws a 429 saying when the next one is possible. */
  async reserve(userId: string, kind: SendKind, limit = TEST_SENDS_PER_HOUR): Promise<void> {
    const [reserved] = await this.prisma.$queryRaw<{ sends: number }[]>`
      INSERT INTO send_limits AS l (user_id, kind, window_start, sends) VALUES (${userId}::uuid, ${kind}, now(), 1)
      ON CONFLICT (user_id, kind) DO UPDATE SET
        sends = CASE WHEN l.window_start <= now() - ${WINDOW_MS}::float8 * interval '1 millisecond' THEN 1 ELSE l.sends + 1 END,
        window_start = CASE WHEN l.window_start <= now() - ${WINDOW_MS}::float8 * interval '1 millisecond' THEN now() ELSE l.window_start END
      WHERE l.window_start <= now() - ${WINDOW_MS}::float8 * interval '1 millisecond' OR l.sends < ${limit}::int
      RETURNING l.sends`;
    if (reserved) return;
    const row = await this.prisma.sendLimit.findUnique({ where: { userId_kind: { userId, kind } } });
    const minutes = row ? Math.max(1, Math.ceil((row.windowStart.getTime() + WINDOW_MS - Date.now()) / 60_000)) : 60;
    const what = kind === SendKind.TEST_REMINDER ? 'test reminders' : 'webhook tests';
    throw new AppError(
      ErrorCode.RATE_LIMITED,
      `At most ${limit} ${what} an hour: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    );
  }
}
