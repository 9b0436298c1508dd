import { z } from 'zod';
import { CALENDAR_FEED_FILE_PATTERN } from '../../calendar.js';
import { calendarFeedStatusSchema, calendarFeedUrlSchema } from '../../entities.js';
import type { calendarRoutes } from './calendar.routes.js';
import { type RouteSchemasOf, message } from './route.schemas.js';

const calendarFile = z
  .string()
  .regex(CALENDAR_FEED_FILE_PATTERN)
  .meta({ description: 'The feed token (43 base64url characters) followed by `.ics`' });

export const calendarRouteSchemas = {
  getCalendarFeed: {
    summary: 'Whether the private calendar feed is on',
    answers: [{ status: 200, data: calendarFeedStatusSchema }],
  },
  createCalendarFeed: {
    summary: 'Turn the calendar feed on, or give it a new URL (the old one stops working)',
    description: 'Needs a step-up grant in X-Step-Up (the contacts service cannot check a password).',
    answers: [{ status: 200, data: calendarFeedUrlSchema }],
  },
  deleteCalendarFeed: {
    summary: 'Turn the calendar feed off',
    answers: [message()],
  },
  getCalendarFeedFile: {
    summary: 'The calendar feed (iCalendar) for calendar apps',
    description: 'No bearer token: the unguessable token in the URL is the credential. Sends an ETag.',
    pathParams: { file: calendarFile },
    answers: [
      { status: 200, description: 'The iCalendar file, streamed', media: ['text/calendar'] },
      { status: 304, description: 'Unchanged since the ETag in If-None-Match' },
    ],
    errors: [[404, 'No feed has this token (NOT_FOUND)']],
  },
} satisfies RouteSchemasOf<typeof calendarRoutes>;
