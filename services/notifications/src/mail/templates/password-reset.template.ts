import { RESET_TOKEN_TTL_MINUTES } from '@kith/contracts';
import { Brand, button, renderLayout, textFooter } from './layout.js';
import type { RenderedEmail } from './rendered-email.js';
import { html } from './safe-html.js';

export interface PasswordResetEmailInput {
  recipient: { firstName: string; email: string };
  token: string;
  appUrl: string;
}

export const PASSWORD_RESET_SUBJECT = 'Reset your Kith password';

export function resetPasswordUrl(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

const FOOTER = 'You get this email because someone asked to reset the password of your Kith account.';

/** The password-reset mail: one link, valid once, for RESET_TOKEN_TTL_MINUTES. */
export function renderPasswordResetEmail({ recipient, token, appUrl }: PasswordResetEmailInput): RenderedEmail {
  const link = resetPasswordUrl(appUrl, token);
  const expiry = `This link expires in ${RESET_TOKEN_TTL_MINUTES} minutes and can be used only once.`;
  const ignore = "If you didn't ask for this, you can ignore this email: your password stays the same.";
  const content = html`<h1 style="margin:0 0 8px;font-size:22px;line-height:1.3;">Reset your password</h1>
    <p style="margin:0 0 8px;">
      Hi ${recipient.firstName}, we received a request to reset the password of your Kith account (${recipient.email}).
    </p>
    <p style="margin:0;">Choose a new password with the button below. ${expiry}</p>
    ${button('Reset password', link)}
    <p style="margin:16px 0 0;font-size:13px;color:${Brand.muted};">
      Or paste this link into your browser:<br /><a href="${link}" style="color:${Brand.primary};word-break:break-all;"
        >${link}</a
      >
    </p>
    <p style="margin:16px 0 0;font-size:13px;color:${Brand.muted};">${ignore}</p>`;
  const text = [
    `Hi ${recipient.firstName},`,
    '',
    `We received a request to reset the password of your Kith account (${recipient.email}).`,
    '',
    `Choose a new password here: ${link}`,
    '',
    expiry,
    ignore,
    '',
    textFooter(appUrl, FOOTER),
  ].join('\n');
  return {
    subject: PASSWORD_RESET_SUBJECT,
    html: renderLayout({ title: PASSWORD_RESET_SUBJECT, preheader: expiry, content, appUrl, footer: FOOTER }),
    text,
  };
}
