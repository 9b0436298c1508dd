import type { CalendarFeedStatus, CalendarFeedUrl, MessageResponse } from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, Public } from '@kith/nest-kit';
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

  /** Creates the feed, or replaces its URL (the old one stops working). */
  @Post('feed')
  @HttpCode(HttpStatus.OK)
  regenerate(@CurrentUser() caller: AccessTokenClaims): Promise<CalendarFeedUrl> {
    return this.feeds.regenerate(caller.userId);
  }

  @Delete('feed')
  async turnOff(@CurrentUser() caller: AccessTokenClaims): Promise<MessageResponse> {
    await this.feeds.turnOff(caller.userId);
    return { message: 'Calendar feed turned off' };
  }

  /** No bearer token: calendar apps subscribe with the URL alone, whose token is the secret. */
  @Public()
  @Get(':file')
  feed(@Param('file') file: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    return this.feeds.serve(file, request, response);
  }
}
