import type { Contact } from '@kith/contracts';
import { Button, LoadingState, PageHeader, ScreenLoadError } from '@kith/web-kit';
import { ContactDialog, LogContactDialog } from '@kith/web-kit/data';
import { BookOpen } from 'lucide-react';
import { ComingUpPanel } from './ComingUpPanel.js';
import { useState } from 'react';
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
  const { data, error } = useDashboardData();
  const [showInstructions, setShowInstructions] = useState(false);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });

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
  if (!data && error) throw new ScreenLoadError(error);
  if (!data) {
    return (
      <section>
        {header}
        <LoadingState label="Loading dashboard..." />
      </section>
    );
  }

  const { totalContacts, overdue, overdueTotal, overdueSections, lists } = data;
  const close = () => setDialog({ kind: 'none' });

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
          <ComingUpPanel onLog={(contact) => setDialog({ kind: 'log', contact })} />
          <BirthdaysPanel />
        </div>
      </div>
      <ListsOverview lists={lists} />

      {/* Their writes mark the dashboard stale, so it reloads in place. */}
      <LogContactDialog contact={dialog.kind === 'log' ? dialog.contact : null} onClose={close} />
      <ContactDialog contact={dialog.kind === 'contact' ? dialog.contact : null} onClose={close} />
    </section>
  );
}
