import { html, SafeHtml } from './safe-html.js';

/** Brand palette (Tailwind's, like the app). */
export const Brand = {
  primary: '#2563eb',
  primaryDark: '#1d4ed8',
  ink: '#111827',
  muted: '#6b7280',
  border: '#e5e7eb',
  canvas: '#f3f4f6',
  surface: '#ffffff',
  font: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
} as const;

export interface LayoutOptions {
  title: string;
  /** The grey line mail clients show after the subject in the inbox. */
  preheader: string;
  content: SafeHtml;
  appUrl: string;
  footer: string;
  /** A signed link that pauses reminder e-mails, shown in the footer. */
  pauseUrl?: string;
}

/** A call-to-action button that also renders in Outlook (table cell with a background). */
export function button(label: string, href: string): SafeHtml {
  return html`<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:24px 0 8px;">
    <tr>
      <td bgcolor="${Brand.primary}" style="border-radius:8px;background:${Brand.primary};">
        <a
          href="${href}"
          target="_blank"
          style="display:inline-block;padding:12px 22px;font-family:${Brand.font};font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;"
          >${label}</a
        >
      </td>
    </tr>
  </table>`;
}

/** Attributes of a layout table: mail clients need them spelled out on every table. */
export const LAYOUT_TABLE = new SafeHtml('role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0"');

/**
 * The shared frame of every Kith email: simple, table-based, inline-styled markup that mail
 * clients render alike, 600 px wide at most.
 */
export function renderLayout({ title, preheader, content, appUrl, footer, pauseUrl }: LayoutOptions): string {
  return html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>${title}</title>
      </head>
      <body style="margin:0;padding:0;background:${Brand.canvas};">
        <div style="display:none;max-height:0;overflow:hidden;opacity:0;">${preheader}</div>
        <table ${LAYOUT_TABLE} bgcolor="${Brand.canvas}" style="background:${Brand.canvas};">
          <tr>
            <td align="center" style="padding:32px 12px;">
              <table ${LAYOUT_TABLE} style="max-width:600px;">
                <tr>
                  <td style="padding:0 4px 16px;font-family:${Brand.font};">
                    <a href="${appUrl}" style="text-decoration:none;">
                      <span
                        style="display:inline-block;width:32px;height:32px;line-height:32px;border-radius:8px;background:${Brand.primary};color:#ffffff;font-size:18px;font-weight:700;text-align:center;vertical-align:middle;"
                        >K</span
                      >
                      <span
                        style="font-size:20px;font-weight:700;color:${Brand.ink};vertical-align:middle;padding-left:8px;"
                        >Kith</span
                      >
                    </a>
                  </td>
                </tr>
                <tr>
                  <td
                    bgcolor="${Brand.surface}"
                    style="background:${Brand.surface};border:1px solid ${Brand.border};border-radius:12px;padding:32px;font-family:${Brand.font};font-size:15px;line-height:1.6;color:${Brand.ink};"
                  >
                    ${content}
                  </td>
                </tr>
                <tr>
                  <td
                    style="padding:20px 8px;font-family:${Brand.font};font-size:12px;line-height:1.5;color:${Brand.muted};text-align:center;"
                  >
                    ${footer}<br />
                    <a href="${appUrl}/settings" style="color:${Brand.muted};">Notification settings</a> &middot;
                    ${pauseUrl ? html`<a href="${pauseUrl}" style="color:${Brand.muted};">${PAUSE_LINK_LABEL}</a> &middot; ` : ''}Kith
                    keeps your relationships in your own hands.
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `.value;
}

export const PAUSE_LINK_LABEL = 'Pause reminder e-mails';

/** Plain-text counterpart of the layout's footer. */
export function textFooter(appUrl: string, footer: string, pauseUrl?: string): string {
  const lines = ['--', `Kith · ${footer}`, `Notification settings: ${appUrl}/settings`];
  if (pauseUrl) lines.push(`${PAUSE_LINK_LABEL}: ${pauseUrl}`);
  return lines.join('\n');
}
