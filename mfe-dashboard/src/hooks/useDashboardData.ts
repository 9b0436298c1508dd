import { getErrorMessage, notify } from '@kith/web-kit';
import { queryKeys } from '@kith/web-kit/data';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dashboardApi } from '../api/dashboard-api.js';

/**
 * The dashboard's numbers, overdue contacts and lists. Any write elsewhere (a contact logged, a
 * list renamed) marks them stale, so they reload in place: the screen keeps the old numbers until
 * then, and a reload that fails keeps them and says so.
 */
export function useDashboardData() {
  const dashboard = useQuery({ queryKey: [...queryKeys.dashboard, 'overview'], queryFn: () => dashboardApi.load() });
  const error = dashboard.error && getErrorMessage(dashboard.error, 'Failed to load dashboard data');
  useEffect(() => {
    if (dashboard.isRefetchError && error) notify.error(error);
  }, [dashboard.isRefetchError, dashboard.errorUpdatedAt, error]);
  return { data: dashboard.data, error };
}
