import {
  type CalendarFeedStatus,
  type CalendarFeedUrl,
  type MessageResponse,
  NatsSubject,
  type RevokeCalendarFeedRequest,
  revokeCalendarFeedRequestSchema,
  type RevokeCalendarFeedResponse,
} from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, Public, RequireStepUp, validate } from '@kith/nest-kit';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CalendarFeedService } from './calendar-feed.service.js';

@Controller('calendar')
export class CalendarFeedController {
  constructor(@Inject(CalendarFeedService) private readonly feeds: CalendarFeedService) {}

  @Get('feed')
  status(@CurrentUser() caller: AccessTokenClaims): Promise<CalendarFeedStatus> {
    return this.feeds.status(caller.userId);
  }

  /**
   * Creates the feed, or replaces its URL (the old one stops working). Needs a step-up grant: the
   * URL outlives any session and shows every contact's name.
   */
  @Post('feed')
  @RequireStepUp()
  @HttpCode(HttpStatus.OK)
  regenerate(@CurrentUser() caller: AccessTokenClaims): Promise<CalendarFeedUrl> {
    return this.feeds.regenerate(caller.userId);
  }

  @Delete('feed')
  async turnOff(@CurrentUser() caller: AccessTokenClaims): Promise<MessageResponse> {
    await this.feeds.turnOff(caller.userId);
    return { message: 'Calendar feed turned off' };
  }

  /** A password reset or change: the feed's URL stops working (auth asks until this answers). */
  @MessagePattern(NatsSubject.CONTACTS_REVOKE_CALENDAR_FEED)
  async revoke(
    @Payload(validate(revokeCalendarFeedRequestSchema)) request: RevokeCalendarFeedRequest,
  ): Promise<RevokeCalendarFeedResponse> {
    return { revoked: await this.feeds.turnOff(request.userId) };
  }

  /** No bearer token: calendar apps subscribe with the URL alone, whose token is the secret. */
  @Public()
  @Get(':file')
  feed(@Param('file') file: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    return this.feeds.serve(file, request, response);
  }
}
