import {
  birthdayLabel,
  contactStatus,
  fullName,
  intervalSource,
  isSnoozed,
  nextBirthday,
  reminderIntervalLabel,
  snoozedUntilLabel,
  type SnoozeChoice,
  type Contact,
  postalAddressLines,
} from '@kith/contracts';
import {
  Badge,
  buttonClassName,
  Card,
  ColorDot,
  EmptyState,
  getErrorMessage,
  isApiError,
  LoadingState,
  ScreenLoadError,
} from '@kith/web-kit';
import { ContactDialog, LogContactDialog } from '@kith/web-kit/data';
import {
  Bell,
  BellOff,
  BellPlus,
  Building2,
  Cake,
  Globe,
  Mail,
  MapPin,
  MessageCircle,
  Pencil,
  Phone,
  Send,
  Trash2,
  UserX,
} from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { previewContacted, useContactMutations } from '../data/contact-mutations.js';
import { contactQuery, listsQuery } from '../data/contact-queries.js';
import { ContactFormModal } from './ContactFormModal.js';
import { DeleteContactDialog } from './DeleteContactDialog.js';
import { SnoozeMenu } from './SnoozeMenu.js';
import { Timeline } from './Timeline.js';

type Dialog = 'none' | 'log' | 'contact' | 'schedule' | 'edit' | 'delete';

const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** /contacts/:contactId — one person: status, every field, the actions and the timeline. */
export function ContactPage() {
  const { contactId = '' } = useParams();
  const navigate = useNavigate();
  const { data: contact, error } = useQuery(contactQuery(contactId));
  const { data: lists = [] } = useQuery(listsQuery);
  const { update, remove, snooze } = useContactMutations();
  const [dialog, setDialog] = useState<Dialog>('none');

  if (!contact && isApiError(error) && error.status === 404) {
    return (
      <EmptyState
        className="mt-8"
        icon={<UserX className="size-6" aria-hidden="true" />}
        title="Contact not found"
        description="This contact does not exist or has been deleted."
        action={
          <Link to="/contacts" className={buttonClassName('secondary')}>
            Back to contacts
          </Link>
        }
      />
    );
  }
  // The boundary in ContactPageApp shows 'Contact Loading Error' with the retry flow (a retry mounts this page again, which loads again).
  if (!contact && error) throw new ScreenLoadError(getErrorMessage(error));
  if (!contact) return <LoadingState label="Loading contact..." />;

  const close = () => setDialog('none');
  return (
    <article aria-labelledby="contact-name">
      <ContactHeader
        contact={contact}
        onAction={setDialog}
        onSnooze={(target, choice) => snooze.mutate({ contact: target, choice })}
        onKeepInTouch={(keepInTouch) => update.mutate({ id: contact._id, input: { keepInTouch } })}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <ContactFacts contact={contact} />
        <Timeline contactId={contact._id} />
      </div>

      <LogContactDialog contact={dialog === 'log' ? contact : null} onClose={close} preview={previewContacted} />
      <ContactDialog
        contact={dialog === 'contact' || dialog === 'schedule' ? contact : null}
        startScheduling={dialog === 'schedule'}
        onClose={close}
        preview={previewContacted}
      />
      <ContactFormModal
        open={dialog === 'edit'}
        contact={contact}
        lists={lists}
        defaultListId={null}
        onClose={close}
        onSubmit={(input) => update.mutate({ id: contact._id, input })}
      />
      <DeleteContactDialog
        contact={dialog === 'delete' ? contact : null}
        onCancel={close}
        onConfirm={(target) => {
          close();
          remove.mutate(target, { onSuccess: () => navigate('/contacts') });
        }}
      />
    </article>
  );
}

function ContactHeader({
  contact,
  onAction,
  onSnooze,
  onKeepInTouch,
}: {
  contact: Contact;
  onAction: (dialog: Dialog) => void;
  onSnooze: (contact: Contact, choice: SnoozeChoice | null) => void;
  onKeepInTouch: (keepInTouch: boolean) => void;
}) {
  const status = contactStatus(contact);
  const source = intervalSource(contact);
  const action =
    'inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold transition-colors';
  const secondary = `${action} bg-white text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50`;
  return (
    <header className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 id="contact-name" className="text-2xl font-bold break-words text-slate-900">
            {contact.namePrefix && (contact.firstName || contact.lastName) && (
              <span className="font-normal text-slate-600">{contact.namePrefix} </span>
            )}
            {fullName(contact)}
          </h1>
          {(contact.jobTitle || contact.company) && (
            <p className="mt-0.5 text-sm text-slate-600">
              {[contact.jobTitle, contact.company].filter(Boolean).join(' · ')}
            </p>
          )}
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1.5">
              {contact.list ? (
                <>
                  <ColorDot color={contact.list.color} size="sm" />
                  <Link to={`/lists/${contact.list._id}`} className="hover:underline">
                    {contact.list.name}
                  </Link>
                </>
              ) : (
                'No list'
              )}
            </span>
            <span aria-hidden="true">·</span>
            <span data-testid="contact-interval">
              {reminderIntervalLabel(contact.reminderDays)} ({source.label})
            </span>
          </div>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <Badge color={status.color} className="text-sm">
            <span data-testid="contact-status">{status.label}</span>
          </Badge>
          {status.dueDate && <span className="text-xs text-slate-500">Next due {formatDay(status.dueDate)}</span>}
          {contact.lastContactDate && (
            <span className="text-xs text-slate-500">Last contact {formatDay(contact.lastContactDate)}</span>
          )}
          {isSnoozed(contact.snoozedUntil) && (
            <span className="text-xs text-slate-500">{snoozedUntilLabel(contact.snoozedUntil!)}</span>
          )}
        </div>
      </div>
      {contact.reminderDate && (
        <p className="mt-3 inline-flex items-center gap-1.5 rounded-lg bg-blue-50 px-3 py-1.5 text-sm text-blue-800">
          <BellPlus className="size-4" aria-hidden="true" />
          Reminder on {formatDay(contact.reminderDate)}
          {contact.reminderNotes ? `: ${contact.reminderNotes}` : ''}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          data-shortcut-target="log-contact"
          onClick={() => onAction('log')}
          className={`${action} bg-blue-600 text-white hover:bg-blue-700`}
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          Log Contact
        </button>
        <button type="button" onClick={() => onAction('contact')} className={secondary}>
          <Send className="size-4" aria-hidden="true" />
          Contact Now
        </button>
        <button type="button" onClick={() => onAction('schedule')} className={secondary}>
          <BellPlus className="size-4" aria-hidden="true" />
          Schedule Future Reminder
        </button>
        <SnoozeMenu contact={contact} onSnooze={onSnooze} buttonClassName={secondary} />
        <button type="button" onClick={() => onAction('edit')} className={secondary}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </button>
        <button
          type="button"
          role="switch"
          aria-checked={contact.keepInTouch}
          onClick={() => onKeepInTouch(!contact.keepInTouch)}
          className={secondary}
          title="Off: never overdue and left out of reminders"
        >
          {contact.keepInTouch ? (
            <Bell className="size-4" aria-hidden="true" />
          ) : (
            <BellOff className="size-4" aria-hidden="true" />
          )}
          Keep in touch
        </button>
        <button
          type="button"
          onClick={() => onAction('delete')}
          className={`${action} bg-white text-red-700 ring-1 ring-red-200 ring-inset hover:bg-red-50`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Delete
        </button>
      </div>
    </header>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // dt and dd sit directly in the div (a description list allows nothing else); the icon rides in the dt.
    <div className="relative min-w-0 py-2.5 pl-7">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
        <span className="absolute top-3 left-0 text-slate-400">{icon}</span>
        {label}
      </dt>
      <dd className="mt-0.5 text-sm break-words text-slate-800">{children}</dd>
    </div>
  );
}

/** Every field of the person, the empty ones left out. */
function ContactFacts({ contact }: { contact: Contact }) {
  const icon = (Icon: typeof Mail) => <Icon className="size-4" aria-hidden="true" />;
  const upcoming = contact.birthday ? nextBirthday(contact.birthday) : null;
  const hasAny =
    contact.email ||
    contact.phoneNumber ||
    contact.phones.length ||
    contact.emails.length ||
    contact.birthday ||
    contact.company ||
    postalAddressLines(contact).length ||
    contact.website ||
    contact.notes;
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Details</h2>
      {!hasAny && (
        <p className="mt-2 text-sm text-slate-500">
          No details yet. Edit the contact to add a phone number, birthday and more.
        </p>
      )}
      <dl className="mt-1 divide-y divide-slate-100" data-testid="contact-facts">
        {contact.phoneNumber && (
          <Fact icon={icon(Phone)} label="Phone">
            <a href={`tel:${contact.phoneNumber}`} className="hover:underline">
              {contact.phoneNumber}
            </a>
          </Fact>
        )}
        {contact.phones.map((phone, index) => (
          <Fact key={`phone-${index}`} icon={icon(Phone)} label={`Phone (${phone.label})`}>
            <a href={`tel:${phone.value}`} className="hover:underline">
              {phone.value}
            </a>
          </Fact>
        ))}
        {contact.email && (
          <Fact icon={icon(Mail)} label="Email">
            <a href={`mailto:${contact.email}`} className="hover:underline">
              {contact.email}
            </a>
          </Fact>
        )}
        {contact.emails.map((email, index) => (
          <Fact key={`email-${index}`} icon={icon(Mail)} label={`Email (${email.label})`}>
            <a href={`mailto:${email.value}`} className="hover:underline">
              {email.value}
            </a>
          </Fact>
        ))}
        {contact.birthday && (
          <Fact icon={icon(Cake)} label="Birthday">
            {birthdayLabel(contact.birthday)}
            {upcoming && (
              <span className="text-slate-500">
                {' '}
                ·{' '}
                {upcoming.daysUntil === 0
                  ? 'today'
                  : `in ${upcoming.daysUntil} ${upcoming.daysUntil === 1 ? 'day' : 'days'}`}
                {upcoming.age != null ? ` (turns ${upcoming.age})` : ''}
              </span>
            )}
          </Fact>
        )}
        {(contact.company || contact.jobTitle) && (
          <Fact icon={icon(Building2)} label="Work">
            {[contact.jobTitle, contact.company].filter(Boolean).join(', ')}
          </Fact>
        )}
        {postalAddressLines(contact).length > 0 && (
          <Fact icon={icon(MapPin)} label="Address">
            <span className="whitespace-pre-line">{postalAddressLines(contact).join('\n')}</span>
          </Fact>
        )}
        {contact.website && (
          <Fact icon={icon(Globe)} label="Website">
            {/^https?:\/\//i.test(contact.website) ? (
              <a
                href={contact.website}
                target="_blank"
                rel="noopener noreferrer"
                className="text-blue-700 hover:underline"
              >
                {contact.website}
              </a>
            ) : (
              contact.website
            )}
          </Fact>
        )}
        {contact.notes && (
          <Fact icon={icon(Pencil)} label="Notes">
            <span className="whitespace-pre-line">{contact.notes}</span>
          </Fact>
        )}
      </dl>
    </Card>
  );
}
