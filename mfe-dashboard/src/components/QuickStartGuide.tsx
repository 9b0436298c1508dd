import { BellRing, FolderPlus, MessageCircle, UserPlus } from 'lucide-react';
import { Link } from 'react-router-dom';

const STEPS = [
  {
    icon: UserPlus,
    title: 'Add your contacts',
    text: 'Add the people you want to keep in touch with, one by one or from a vCard file.',
    link: { to: '/contacts', label: 'Go to Contacts' },
  },
  {
    icon: FolderPlus,
    title: 'Organise with lists',
    text: 'Group contacts into lists like Family or Close Friends, each with its own reminder interval.',
    link: { to: '/lists', label: 'Go to Lists' },
  },
  {
    icon: MessageCircle,
    title: 'Track interactions',
    text: 'Log every call, message or meeting. Logging resets the contact’s reminder timer.',
  },
  {
    icon: BellRing,
    title: 'Stay on top',
    text: 'Overdue contacts show up here, and a reminder email arrives every day at 9 AM UTC.',
  },
] as const;

/** The four-step Quick Start Guide behind 'Show Instructions'. */
export function QuickStartGuide() {
  return (
    <section
      aria-labelledby="quick-start-title"
      className="mb-8 rounded-2xl border border-blue-100 bg-gradient-to-br from-blue-50 to-white p-5 sm:p-6"
    >
      <h2 id="quick-start-title" className="text-base font-semibold text-slate-900">
        Quick Start Guide
      </h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5">
            <div className="flex items-center gap-3">
              <span className="flex size-8 items-center justify-center rounded-full bg-blue-600 text-sm font-semibold text-white">
                {index + 1}
              </span>
              <step.icon className="size-5 text-blue-600" aria-hidden="true" />
            </div>
            <h3 className="mt-3 text-sm font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-1 text-sm text-slate-500">{step.text}</p>
            {'link' in step && (
              <Link
                to={step.link.to}
                className="mt-2 inline-block text-sm font-medium text-blue-600 hover:text-blue-700"
              >
                {step.link.label} →
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
