import { routesOf } from './route.js';

/** Reminder e-mails and their settings, webhooks, and the one-click links of the e-mails (public: signed). */
export const notificationRoutes = routesOf('notifications', {
  sendTestReminder: { method: 'post', path: '/notifications/test', auth: 'bearer' },
  triggerDailyReminders: { method: 'post', path: '/notifications/trigger-daily', auth: 'bearer' },
  listUpcomingReminders: { method: 'get', path: '/notifications/upcoming', auth: 'bearer' },
  getNotificationStats: { method: 'get', path: '/notifications/stats', auth: 'bearer' },
  getNotificationSettings: { method: 'get', path: '/notifications/settings', auth: 'bearer' },
  updateNotificationSettings: { method: 'put', path: '/notifications/settings', auth: 'bearer' },
  getWebhook: { method: 'get', path: '/notifications/webhook', auth: 'bearer' },
  setWebhook: { method: 'put', path: '/notifications/webhook', auth: 'bearer' },
  testWebhook: { method: 'post', path: '/notifications/webhook/test', auth: 'bearer' },
  listWebhookDeliveries: { method: 'get', path: '/notifications/deliveries', auth: 'bearer' },
  previewEmailAction: { method: 'get', path: '/notifications/actions/{token}', auth: 'none' },
  performEmailAction: { method: 'post', path: '/notifications/actions/{token}', auth: 'none' },
});
