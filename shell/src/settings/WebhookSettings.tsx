import type { WebhookDelivery, WebhookFormat, WebhookSettings as WebhookSettingsData } from '@kith/contracts';
import { Button, Card, api, inputClassName, notify, serverErrorOr } from '@kith/web-kit';
import { Webhook } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';

const STATUS_CLASSES: Record<WebhookDelivery['status'], string> = {
  DELIVERED: 'bg-green-50 text-green-700',
  RETRYING: 'bg-amber-50 text-amber-800',
  FAILED: 'bg-red-50 text-red-700',
};

/**
 * Another channel beside e-mail: Kith POSTs the same reminders to a URL the user enters, as JSON
 * or as an ntfy message, with a test button and the last 20 delivery attempts.
 */
export function WebhookSettings() {
  const ids = { url: useId(), format: useId() };
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<WebhookFormat>('json');
  const [saved, setSaved] = useState<WebhookSettingsData | null>(null);
  const [deliveries, setDeliveries] = useState<WebhookDelivery[]>([]);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  // Until the saved settings arrive the form stays disabled: their arrival would overwrite what was typed.
  const [loading, setLoading] = useState(true);

  const loadDeliveries = useCallback(() => {
    api
      .call('listWebhookDeliveries')
      .then((answer) => setDeliveries(answer.items))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    api
      .call('getWebhook')
      .then((settings) => {
        setSaved(settings);
        setUrl(settings.url ?? '');
        setFormat(settings.format);
      })
      .catch(() => notify.error('Failed to load settings'))
      .finally(() => setLoading(false));
    loadDeliveries();
  }, [loadDeliveries]);

  const save = async () => {
    setBusy('save');
    try {
      const result = await api.call('setWebhook', {
        body: { url: url.trim() || null, format },
      });
      setSaved(result);
      notify.success(result.url ? 'Webhook saved' : 'Webhook turned off');
    } catch (error) {
      notify.error(serverErrorOr(error, 'Failed to save webhook'));
    } finally {
      setBusy(null);
    }
  };

  const sendTest = async () => {
    setBusy('test');
    try {
      const { message } = await api.call('testWebhook');
      notify.success(message);
    } catch (error) {
      notify.error(serverErrorOr(error, 'Failed to send test'));
    } finally {
      setBusy(null);
      loadDeliveries();
    }
  };

  return (
    <Card className="overflow-hidden">
      <div className="flex items-center gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <span className="flex size-9 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
          <Webhook className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 className="font-semibold text-slate-900">Webhook / ntfy</h2>
          <p className="text-sm text-slate-500">
            Also send your reminders to a URL: JSON for automations, or an ntfy topic for push notifications.
          </p>
        </div>
      </div>
      <div className="space-y-4 px-5 py-4 sm:px-6">
        <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
          <div>
            <label htmlFor={ids.url} className="mb-1 block text-sm font-medium text-slate-700">
              Webhook URL
            </label>
            <input
              id={ids.url}
              type="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              placeholder="https://ntfy.sh/my-kith-topic"
              disabled={loading}
              className={inputClassName()}
            />
          </div>
          <div>
            <label htmlFor={ids.format} className="mb-1 block text-sm font-medium text-slate-700">
              Format
            </label>
            <select
              id={ids.format}
              value={format}
              onChange={(event) => setFormat(event.target.value as WebhookFormat)}
              disabled={loading}
              className={inputClassName()}
            >
              <option value="json">JSON</option>
              <option value="ntfy">ntfy</option>
            </select>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void save()} loading={busy === 'save'} disabled={busy !== null || loading}>
            Save
          </Button>
          <Button
            variant="secondary"
            onClick={() => void sendTest()}
            loading={busy === 'test'}
            disabled={busy !== null || !saved?.url}
          >
            Send test
          </Button>
        </div>
        <div>
          <h3 className="text-sm font-medium text-slate-700">Recent deliveries</h3>
          {deliveries.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">Nothing sent yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-label="Recent deliveries">
              {deliveries.map((delivery) => (
                <li key={delivery._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0 text-slate-600">
                    {new Date(delivery.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}{' '}
                    · attempt {delivery.attempt}
                    {delivery.error ? ` · ${delivery.error}` : ''}
                  </span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASSES[delivery.status]}`}>
                    {delivery.status}
                    {delivery.httpStatus ? ` ${delivery.httpStatus}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Card>
  );
}
