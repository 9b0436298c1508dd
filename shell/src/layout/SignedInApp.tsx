import { LoadingState } from '@kith/web-kit';
import { queryClient } from '@kith/web-kit/data';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DemoProvider } from '../demo/DemoProvider.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { RemoteScreen } from '../remotes/RemoteScreen.js';
import { AppLayout } from './AppLayout.js';

// Settings is visited now and then; the dashboard page should not download it.
const SettingsPage = lazy(() =>
  import(/* webpackChunkName: "page-settings" */ '../pages/SettingsPage.js').then((module) => ({
    default: module.SettingsPage,
  })),
);

/**
 * Everything behind sign-in, loaded as one chunk after the auth check succeeds, with the cache of
 * server state every remote reads through (web-kit's one client).
 */
export default function SignedInApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <DemoProvider>
        <AppLayout>
          <Routes>
            <Route path="dashboard" element={<RemoteScreen name="dashboard" />} />
            <Route path="contacts" element={<RemoteScreen name="contacts" />} />
            <Route path="contacts/:contactId" element={<RemoteScreen name="contacts" module="ContactPage" />} />
            <Route path="lists" element={<RemoteScreen name="lists" />} />
            <Route path="lists/:listId" element={<RemoteScreen name="contacts" />} />
            <Route
              path="settings"
              element={
                <Suspense fallback={<LoadingState label="Loading settings..." />}>
                  <SettingsPage />
                </Suspense>
              }
            />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </AppLayout>
      </DemoProvider>
    </QueryClientProvider>
  );
}
