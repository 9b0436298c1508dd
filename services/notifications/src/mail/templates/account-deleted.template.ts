import { renderLayout, textFooter } from './layout.js';
import type { RenderedEmail } from './rendered-email.js';
import { html } from './safe-html.js';

export const ACCOUNT_DELETED_SUBJECT = 'Your Kith account has been deleted';

const FOOTER = 'You get this email because your Kith account was deleted. It is the last one we send you.';

/** The farewell mail: confirms the erasure, so someone who did not ask for it knows at once. */
export function renderAccountDeletedEmail({
  recipient,
  appUrl,
}: {
  recipient: { firstName: string; email: string };
  appUrl: string;
}): RenderedEmail {
  const done = 'Your profile, contacts, lists, interactions, reminders and notification settings have been erased.';
  const notYou = "If you didn't delete your account, someone knew your password: use it nowhere else from now on.";
  const content = html`<h1 style="margin:0 0 8px;font-size:22px;line-height:1.3;">Your account has been deleted</h1>
    <p style="margin:0 0 8px;">Hi ${recipient.firstName}, the Kith account ${recipient.email} no longer exists.</p>
    <p style="margin:0 0 8px;">${done}</p>
    <p style="margin:0;">${notYou}</p>`;
  const text = [
    `Hi ${recipient.firstName},`,
    '',
    `The Kith account ${recipient.email} no longer exists.`,
    '',
    done,
    notYou,
    '',
    textFooter(appUrl, FOOTER),
  ].join('\n');
  return {
    subject: ACCOUNT_DELETED_SUBJECT,
    html: renderLayout({ title: ACCOUNT_DELETED_SUBJECT, preheader: done, content, appUrl, footer: FOOTER }),
    text,
  };
}
