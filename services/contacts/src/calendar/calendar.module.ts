import { Module } from '@nestjs/common';
import { CalendarFeedController } from './calendar-feed.controller.js';
import { CalendarFeedService } from './calendar-feed.service.js';
import { CalendarFeedsRepository } from './calendar-feeds.repository.js';

/** The private iCalendar feed of due dates and scheduled reminders. */
@Module({ controllers: [CalendarFeedController], providers: [CalendarFeedService, CalendarFeedsRepository] })
export class CalendarModule {}
