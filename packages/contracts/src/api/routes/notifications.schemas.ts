import { z } from 'zod';
import {
  emailActionPreviewSchema,
  emailActionResultSchema,
  itemsSchema,
  notificationSettingsSchema,
  notificationStatsSchema,
  triggerDailyResultSchema,
  upcomingContactSchema,
  webhookDeliverySchema,
  webhookSettingsResponseSchema,
} from '../../entities.js';
import { notificationSettingsUpdateSchema, webhookSettingsSchema } from '../../validation.js';
import type { notificationRoutes } from './notifications.routes.js';
import { type RouteSchemasOf, message } from './route.schemas.js';

const emailActionToken = z.string().meta({ description: 'The signed token of the link in the e-mail' });

export const notificationRouteSchemas = {
  sendTestReminder: {
    summary: 'E-mail a reminder to the caller now',
    answers: [message()],
    errors: [
      [403, 'The account’s e-mail address is not confirmed yet (EMAIL_NOT_VERIFIED)'],
      [409, 'The server has no mail server configured (EMAIL_NOT_CONFIGURED)'],
      [429, 'More than 5 tests in an hour (RATE_LIMITED)'],
    ],
  },
  triggerDailyReminders: {
    summary: "Run today's reminder e-mails now (each user gets at most one a day)",
    description:
      "For the operator, every user's; for anyone else, the caller's own, with the caller's counts. One run at a time.",
    answers: [{ status: 200, data: triggerDailyResultSchema }],
    errors: [[409, 'A run is already under way (CONFLICT)']],
  },
  listUpcomingReminders: {
    summary: 'Contacts coming due, or with a reminder, within 7 days',
    answers: [{ status: 200, data: itemsSchema(upcomingContactSchema) }],
  },
  getNotificationStats: {
    summary: 'Overdue and upcoming counts, and reminders sent',
    answers: [{ status: 200, data: notificationStatsSchema }],
  },
  getNotificationSettings: {
    summary: 'Reminder settings',
    answers: [{ status: 200, data: notificationSettingsSchema }],
  },
  updateNotificationSettings: {
    summary: 'Pause or resume the daily reminder e-mail',
    body: notificationSettingsUpdateSchema,
    answers: [{ status: 200, data: notificationSettingsSchema }],
  },
  getWebhook: {
    summary: 'Where reminders are also posted (webhook or ntfy)',
    answers: [{ status: 200, data: webhookSettingsResponseSchema }],
  },
  setWebhook: {
    summary: 'Set the webhook, or turn it off with a null url',
    body: webhookSettingsSchema,
    answers: [{ status: 200, data: webhookSettingsResponseSchema }],
  },
  testWebhook: {
    summary: 'Post a test notification to the webhook now',
    answers: [message()],
    errors: [
      [400, 'No webhook is set up (BAD_REQUEST)'],
      [429, 'More than 5 tests in an hour (RATE_LIMITED)'],
    ],
  },
  listWebhookDeliveries: {
    summary: 'The latest webhook deliveries and their outcome',
    answers: [{ status: 200, data: itemsSchema(webhookDeliverySchema) }],
  },
  previewEmailAction: {
    summary: 'What a one-click link from a reminder e-mail would do (changes nothing)',
    pathParams: { token: emailActionToken },
    answers: [{ status: 200, data: emailActionPreviewSchema }],
    errors: [[400, 'Not a valid link (BAD_REQUEST)']],
  },
  performEmailAction: {
    summary: 'Do what a one-click link from a reminder e-mail says (also the List-Unsubscribe-Post target)',
    pathParams: { token: emailActionToken },
    answers: [{ status: 200, data: emailActionResultSchema }],
    errors: [
      [400, 'Not a valid link (BAD_REQUEST)'],
      [404, 'The contact no longer exists (NOT_FOUND)'],
      [410, 'The link has expired or was already used (LINK_EXPIRED, LINK_USED)'],
    ],
  },
} satisfies RouteSchemasOf<typeof notificationRoutes>;
