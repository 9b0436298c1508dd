import { Button, Card, getErrorMessage, notify } from '@kith/web-kit';
import { Clock, Mail, Send } from 'lucide-react';
import { useState } from 'react';
import { dashboardApi } from '../api/dashboard-api.js';

/** Email Reminder Controls: a test email to yourself now, or the daily run for every user. */
export function ReminderControls() {
  const [busy, setBusy] = useState<'test' | 'daily' | null>(null);

  const run = async (which: 'test' | 'daily') => {
    setBusy(which);
    try {
      const { message } =
        which === 'test' ? await dashboardApi.sendTestReminder() : await dashboardApi.triggerDailyReminders();
      notify.success(
        message || (which === 'test' ? 'Test reminder sent successfully' : 'Daily reminders triggered successfully'),
      );
    } catch (error) {
      notify.error(
        getErrorMessage(error, which === 'test' ? 'Failed to send test reminder' : 'Failed to trigger daily reminders'),
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className="p-5">
      <div className="flex items-center gap-2">
        <Mail className="size-5 text-blue-600" aria-hidden="true" />
        <h2 className="text-base font-semibold text-slate-900">Email Reminder Controls</h2>
      </div>
      <div className="mt-4 space-y-4">
        <div>
          <Button
            variant="secondary"
            className="w-full"
            onClick={() => void run('test')}
            loading={busy === 'test'}
            disabled={busy !== null}
          >
            <Send className="size-4" aria-hidden="true" />
            Send Test Reminder
          </Button>
          <p className="mt-1.5 text-xs text-slate-500">Emails you a reminder with your overdue contacts right now.</p>
        </div>
        <div>
          <Button
            className="w-full"
            onClick={() => void run('daily')}
            loading={busy === 'daily'}
            disabled={busy !== null}
          >
            <Mail className="size-4" aria-hidden="true" />
            Trigger Daily Reminders
          </Button>
          <p className="mt-1.5 text-xs text-slate-500">Processes all users with overdue contacts.</p>
        </div>
        <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
          <Clock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          Daily reminders run automatically at 9 AM UTC.
        </p>
      </div>
    </Card>
  );
}
