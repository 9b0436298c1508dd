import {
  AccountMailKind,
  type AccountMailRequest,
  EMAIL_CONFIRMATION_TTL_HOURS,
  INVITATION_TTL_DAYS,
  pluralize,
} from '@kith/contracts';
import { Brand, button, renderLayout, textFooter } from './layout.js';
import type { RenderedEmail } from './rendered-email.js';
import { html } from './safe-html.js';

/** The page a link of each kind opens (its token in the query). */
export function accountMailUrl(appUrl: string, request: Pick<AccountMailRequest, 'kind' | 'token' | 'to'>): string {
  const token = encodeURIComponent(request.token ?? '');
  if (request.kind === AccountMailKind.INVITATION)
    return `${appUrl}/register?invitation=${token}&email=${encodeURIComponent(request.to)}`;
  return `${appUrl}/confirm-email?token=${token}`;
}

interface Wording {
  subject: string;
  heading: string;
  lines: string[];
  action?: { label: string; url: string };
  footer: string;
}

function wordingOf(request: AccountMailRequest, appUrl: string): Wording {
  const hi = request.firstName ? `Hi ${request.firstName},` : 'Hello,';
  const url = accountMailUrl(appUrl, request);
  switch (request.kind) {
    case AccountMailKind.CONFIRM_EMAIL:
      return {
        subject: 'Confirm your e-mail address for Kith',
        heading: 'Confirm your address',
        lines: [
          hi,
          `Confirm that ${request.to} is yours, and Kith will send your reminders here.`,
          `The link works for ${EMAIL_CONFIRMATION_TTL_HOURS} hours, once.`,
        ],
        action: { label: 'Confirm my address', url },
        footer: 'You get this email because an account was made with this address on Kith.',
      };
    case AccountMailKind.CHANGE_EMAIL:
      return {
        subject: 'Confirm your new e-mail address for Kith',
        heading: 'Confirm your new address',
        lines: [
          hi,
          `You asked to sign in to Kith with ${request.to} from now on. The change happens when you use this link.`,
          `The link works for ${EMAIL_CONFIRMATION_TTL_HOURS} hours, once. If you did not ask for this, ignore this email.`,
        ],
        action: { label: 'Use this address', url },
        footer: 'You get this email because someone asked to move a Kith account to this address.',
      };
    case AccountMailKind.INVITATION:
      return {
        subject: 'You are invited to Kith',
        heading: 'You are invited',
        lines: [
          `${request.firstName ?? 'The operator'} invites you to keep in touch with your people on their Kith.`,
          `Create your account with this link within ${INVITATION_TTL_DAYS} days.`,
        ],
        action: { label: 'Create my account', url },
        footer: 'You get this email because the operator of a Kith instance invited this address.',
      };
    case AccountMailKind.PASSWORD_CHANGED: {
      const revoked = request.revoked ?? { sessions: 0, appPasswords: 0, calendarFeed: false };
      const redo = [
        revoked.appPasswords > 0
          ? `${pluralize(revoked.appPasswords, 'app password')} for phone sync ${revoked.appPasswords === 1 ? 'was' : 'were'} deleted: make a new one for each device in Settings → Phone sync.`
          : null,
        revoked.calendarFeed ? 'Your calendar feed URL stopped working: make a new one in Settings → Your data.' : null,
      ].filter((line): line is string => line !== null);
      return {
        subject: 'Your Kith password was changed',
        heading: 'Your password was changed',
        lines: [
          hi,
          `The password of your Kith account was changed, and ${pluralize(revoked.sessions, 'other session')} signed out.`,
          ...redo,
          'If this was not you, reset your password now from the sign-in page.',
        ],
        footer: 'You get this email because the password of your Kith account changed.',
      };
    }
  }
}

/** The mails about an account: confirm an address, an invitation, and "your password changed". */
export function renderAccountMail(request: AccountMailRequest, appUrl: string): RenderedEmail {
  const wording = wordingOf(request, appUrl);
  const paragraphs = wording.lines.map((line) => html`<p style="margin:0 0 8px;">${line}</p>`);
  const content = html`<h1 style="margin:0 0 8px;font-size:22px;line-height:1.3;">${wording.heading}</h1>
    ${paragraphs} ${wording.action ? button(wording.action.label, wording.action.url) : ''}
    ${
      wording.action
        ? html`<p style="margin:16px 0 0;font-size:13px;color:${Brand.muted};">
            Or paste this link into your browser:<br /><a
              href="${wording.action.url}"
              style="color:${Brand.primary};word-break:break-all;"
              >${wording.action.url}</a
            >
          </p>`
        : ''
    }`;
  const text = [
    ...wording.lines,
    ...(wording.action ? ['', `${wording.action.label}: ${wording.action.url}`] : []),
    '',
    textFooter(appUrl, wording.footer),
  ].join('\n');
  return {
    subject: wording.subject,
    html: renderLayout({
      title: wording.subject,
      preheader: wording.lines[1] ?? wording.heading,
      content,
      appUrl,
      footer: wording.footer,
    }),
    text,
  };
}
