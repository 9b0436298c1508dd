import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import type { MessageResponse, NotificationStats, TriggerDailyResult, UpcomingForUserResponse } from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser } from '@kith/nest-kit';
import { RunTrigger } from './daily-runs.repository.js';
import { DailyRunService } from './daily-run.service.js';
import { RemindersService } from './reminders.service.js';

@Controller('notifications')
export class RemindersController {
  constructor(
    @Inject(RemindersService) private readonly reminders: RemindersService,
    @Inject(DailyRunService) private readonly dailyRun: DailyRunService,
  ) {}

  @Post('test')
  @HttpCode(200)
  sendTest(@CurrentUser() caller: AccessTokenClaims): Promise<MessageResponse> {
    return this.reminders.sendTest(caller.userId);
  }

  /** The operator runs everyone's reminders; anyone else their own (the counts are theirs). */
  @Post('trigger-daily')
  @HttpCode(200)
  triggerDaily(@CurrentUser() caller: AccessTokenClaims): Promise<TriggerDailyResult> {
    return this.dailyRun.run(RunTrigger.MANUAL, new Date(), caller.isOperator ? undefined : caller.userId);
  }

  @Get('upcoming')
  upcoming(@CurrentUser() caller: AccessTokenClaims): Promise<UpcomingForUserResponse> {
    return this.reminders.upcoming(caller.userId);
  }

  @Get('stats')
  stats(@CurrentUser() caller: AccessTokenClaims): Promise<NotificationStats> {
    return this.reminders.stats(caller.userId);
  }
}
