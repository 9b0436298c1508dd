import { HEALTH_NOT_CONFIGURED, type HealthReport } from '@kith/contracts';
import { useEffect, useState } from 'react';

/**
 * Whether this server can send e-mail: false only when its health report says e-mail is
 * 'not configured' (no SMTP_URL). Unknown (loading, or the report could not be read) counts as
 * configured, so nobody is told e-mail is off when it may not be.
 */
export function useEmailConfigured(): boolean {
  const [configured, setConfigured] = useState(true);
  useEffect(() => {
    let current = true;
    // Bare JSON (no envelope), public, answered with 503 while a part is down: the body still says.
    fetch('/api/health', { headers: { accept: 'application/json' } })
      .then((response) => response.json() as Promise<HealthReport>)
      .then((report) => {
        const email = report.checks.notifications?.checks?.email?.status;
        if (current) setConfigured(email !== HEALTH_NOT_CONFIGURED);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return configured;
}
