import type { Contact } from '@kith/contracts';
import {
  Button,
  ContactDialog,
  LoadingState,
  LogContactDialog,
  PageHeader,
  ScreenLoadError,
  notify,
} from '@kith/web-kit';
import { BookOpen } from 'lucide-react';
import { ComingUpPanel } from './ComingUpPanel.js';
import { useEffect, useState } from 'react';
import { useDashboardData } from '../hooks/useDashboardData.js';
import { BirthdaysPanel } from './BirthdaysPanel.js';
import { FirstSteps } from './FirstSteps.js';
import { ListsOverview } from './ListsOverview.js';
import { OverdueSection } from './OverdueSection.js';
import { QuickStartGuide } from './QuickStartGuide.js';
import { ReminderControls } from './ReminderControls.js';
import { StatCards } from './StatCards.js';

type Dialog =
  | { kind: 'none' }
  | { kind: 'log'; contact: Pick<Contact, '_id' | 'firstName' | 'lastName'> }
  | { kind: 'contact'; contact: Contact };

/** The dashboard (/dashboard): stats, overdue contacts, reminder controls and lists at a glance. */
export function DashboardScreen() {
  const { state, reload } = useDashboardData();
  const [showInstructions, setShowInstructions] = useState(false);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [changes, setChanges] = useState(0);

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

  // The boundary in App shows 'Dashboard Loading Error'; its retry remounts this screen, which loads again.
  if (!state.data && state.status === 'error') throw new ScreenLoadError(state.error);
  if (!state.data) {
    return (
      <section>
        {header}
        <LoadingState label="Loading dashboard..." />
      </section>
    );
  }

  const { totalContacts, overdue, overdueTotal, overdueSections, lists } = state.data;
  const close = () => setDialog({ kind: 'none' });
  const refresh = () => {
    setChanges((count) => count + 1);
    void reload();
  };

  return (
    <section>
      {header}
      {showInstructions && <QuickStartGuide />}
      <StatCards totalContacts={totalContacts} overdueTotal={overdueTotal} activeLists={lists.length} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {totalContacts === 0 ? (
            <FirstSteps />
          ) : (
            <OverdueSection
              contacts={overdue}
              total={overdueTotal}
              sections={overdueSections}
              onLog={(contact) => setDialog({ kind: 'log', contact })}
              onContactNow={(contact) => setDialog({ kind: 'contact', contact })}
            />
          )}
        </div>
        <div>
          <ReminderControls />
          <ComingUpPanel reloadKey={changes} onLog={(contact) => setDialog({ kind: 'log', contact })} />
          <BirthdaysPanel />
        </div>
      </div>
      <ListsOverview lists={lists} />

      <LogContactDialog contact={dialog.kind === 'log' ? dialog.contact : null} onClose={close} onLogged={refresh} />
      <ContactDialog contact={dialog.kind === 'contact' ? dialog.contact : null} onClose={close} onChanged={refresh} />
    </section>
  );
}
