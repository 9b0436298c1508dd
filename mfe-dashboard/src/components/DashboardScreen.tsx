import type { Contact } from '@kith/contracts';
import {
  Button,
  ContactDialog,
  LoadingErrorFallback,
  LoadingState,
  LogContactDialog,
  PageHeader,
  notify,
} from '@kith/web-kit';
import { BookOpen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useDashboardData } from '../hooks/useDashboardData.js';
import { ListsOverview } from './ListsOverview.js';
import { OverdueSection } from './OverdueSection.js';
import { QuickStartGuide } from './QuickStartGuide.js';
import { ReminderControls } from './ReminderControls.js';
import { StatCards } from './StatCards.js';

type Dialog = { kind: 'none' } | { kind: 'log' | 'contact'; contact: Contact };

/** The dashboard (/dashboard): stats, overdue contacts, reminder controls and lists at a glance. */
export function DashboardScreen() {
  const { state, reload, retry } = useDashboardData();
  const [showInstructions, setShowInstructions] = useState(false);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });

  // A failed refresh after a change keeps the numbers on screen and says so.
  useEffect(() => {
    if (state.status === 'error' && state.data) notify.error(state.error);
  }, [state]);

  const header = (
    <PageHeader
      title="Dashboard"
      subtitle="Stay connected with your friends and loved ones"
      actions={
        <Button
          variant="secondary"
          onClick={() => setShowInstructions((shown) => !shown)}
          aria-expanded={showInstructions}
        >
          <BookOpen className="size-4" aria-hidden="true" />
          {showInstructions ? 'Hide Instructions' : 'Show Instructions'}
        </Button>
      }
    />
  );

  if (!state.data) {
    return (
      <section>
        {header}
        {state.status === 'error' ? (
          <LoadingErrorFallback
            title="Dashboard Loading Error"
            message={state.error}
            actionLabel="Reload Dashboard"
            onAction={retry}
          />
        ) : (
          <LoadingState label="Loading dashboard..." />
        )}
      </section>
    );
  }

  const { totalContacts, overdue, overdueTotal, lists } = state.data;
  const close = () => setDialog({ kind: 'none' });
  const refresh = () => void reload();

  return (
    <section>
      {header}
      {showInstructions && <QuickStartGuide />}
      <StatCards totalContacts={totalContacts} overdueTotal={overdueTotal} activeLists={lists.length} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <OverdueSection
            contacts={overdue}
            total={overdueTotal}
            onLog={(contact) => setDialog({ kind: 'log', contact })}
            onContactNow={(contact) => setDialog({ kind: 'contact', contact })}
          />
        </div>
        <div>
          <ReminderControls />
        </div>
      </div>
      <ListsOverview lists={lists} />

      <LogContactDialog contact={dialog.kind === 'log' ? dialog.contact : null} onClose={close} onLogged={refresh} />
      <ContactDialog contact={dialog.kind === 'contact' ? dialog.contact : null} onClose={close} onChanged={refresh} />
    </section>
  );
}
