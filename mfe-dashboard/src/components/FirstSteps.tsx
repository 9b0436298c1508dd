import { buttonClassName, LinkedForm, linkOpening } from '@kith/web-kit';
import { FolderPlus, Upload, UserPlus } from 'lucide-react';
import { Link } from 'react-router-dom';

const STEPS = [
  {
    icon: UserPlus,
    title: 'Add your first contact',
    text: 'Someone you would like to hear from more often.',
    to: linkOpening('/contacts', LinkedForm.ADD_CONTACT),
    action: 'Add a contact',
  },
  {
    icon: Upload,
    title: 'Or import your address book',
    text: 'Bring everyone in at once from a vCard (.vcf) file.',
    to: linkOpening('/contacts', LinkedForm.IMPORT_CONTACTS),
    action: 'Import contacts',
  },
  {
    icon: FolderPlus,
    title: 'Group them into lists',
    text: 'Family every month, old friends every quarter: each list has its own rhythm.',
    to: linkOpening('/lists', LinkedForm.CREATE_LIST),
    action: 'Create a list',
  },
] as const;

/** What a brand-new account sees instead of "You're all caught up!": nobody is overdue because nobody is here yet. */
export function FirstSteps() {
  return (
    <section
      aria-labelledby="first-steps-title"
      className="rounded-2xl border border-blue-100 bg-gradient-to-br from-blue-50 to-white p-5 shadow-sm sm:p-6"
      data-testid="first-steps"
    >
      <h2 id="first-steps-title" className="text-lg font-semibold text-slate-900">
        Welcome to Kith! Let's get you started
      </h2>
      <p className="mt-1 text-sm text-slate-600">Your dashboard fills up as you add the people who matter to you.</p>
      <ol className="mt-5 space-y-3">
        {STEPS.map(({ icon: Icon, title, text, to, action }, index) => (
          <li
            key={title}
            className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-900/5 sm:flex-row sm:items-center"
          >
            <span
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-600 text-sm font-semibold text-white"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                <Icon className="size-4 text-blue-700" aria-hidden="true" />
                {title}
              </h3>
              <p className="mt-0.5 text-sm text-slate-600">{text}</p>
            </div>
            <Link
              to={to}
              className={buttonClassName(index === 0 ? 'primary' : 'secondary', 'sm', 'self-start sm:self-center')}
            >
              {action}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
