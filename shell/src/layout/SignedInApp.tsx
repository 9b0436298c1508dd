import { Route, Routes } from 'react-router-dom';
import { DemoProvider } from '../demo/DemoProvider.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { RemoteScreen } from '../remotes/RemoteScreen.js';
import { AppLayout } from './AppLayout.js';

/** Everything behind sign-in, loaded as one chunk after the auth check succeeds. */
export default function SignedInApp() {
  return (
    <DemoProvider>
      <AppLayout>
        <Routes>
          <Route path="dashboard" element={<RemoteScreen name="dashboard" />} />
          <Route path="contacts" element={<RemoteScreen name="contacts" />} />
          <Route path="contacts/:contactId" element={<RemoteScreen name="contacts" module="ContactPage" />} />
          <Route path="lists" element={<RemoteScreen name="lists" />} />
          <Route path="lists/:listId" element={<RemoteScreen name="contacts" />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </AppLayout>
    </DemoProvider>
  );
}
