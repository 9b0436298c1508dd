import { getErrorMessage } from '@kith/web-kit';
import { useCallback, useEffect, useState } from 'react';
import { dashboardApi, type DashboardData } from '../api/dashboard-api.js';

export type DashboardState =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: DashboardData; error: null }
  | { status: 'error'; data: DashboardData | null; error: string };

/** Loads the dashboard; `reload` refreshes in place (the screen keeps showing the old numbers). */
export function useDashboardData() {
  const [state, setState] = useState<DashboardState>({ status: 'loading', data: null, error: null });

  const reload = useCallback(async () => {
    try {
      setState({ status: 'ready', data: await dashboardApi.load(), error: null });
    } catch (error) {
      setState((previous) => ({
        status: 'error',
        data: previous.data,
        error: getErrorMessage(error, 'Failed to load dashboard data'),
      }));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { state, reload };
}
