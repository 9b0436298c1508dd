import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import type { RenderedEmail } from './templates/rendered-email.js';

export interface OutgoingEmail extends Omit<RenderedEmail, 'headers'> {
  to: string;
  headers?: Record<string, string> | null;
}

/** Why a mail was not sent when the server has no SMTP_URL (kept on its outbox row). */
export const EMAIL_NOT_CONFIGURED_REASON = 'E-mail is not configured (SMTP_URL is not set)';

/** SMTP reply codes 5xx are permanent refusals (no such mailbox...): retrying cannot help. */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * nodemailer over SMTP_URL, pooled, with short timeouts so a dead server fails fast. Without
 * SMTP_URL there is no transport: `configured` is false and nothing may be sent.
 */
@Injectable()
export class MailTransport implements OnModuleDestroy {
  private readonly transporter: Transporter | null;

  constructor(@Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig) {
    if (!config.SMTP_URL) {
      new Logger(MailTransport.name).warn(
        'SMTP_URL is not set: e-mail is off. Mail Kith would send is recorded as not sent and never sent later.',
      );
      this.transporter = null;
      return;
    }
    this.transporter = nodemailer.createTransport({
      url: config.SMTP_URL,
      pool: true,
      maxConnections: config.OUTBOX_CONCURRENCY,
      connectionTimeout: config.SMTP_TIMEOUT_MS,
      greetingTimeout: config.SMTP_TIMEOUT_MS,
      socketTimeout: config.SMTP_TIMEOUT_MS,
    });
  }

  get configured(): boolean {
    return this.transporter !== null;
  }

  /** Resolves once the SMTP server accepted the message. */
  async send(email: OutgoingEmail): Promise<void> {
    if (!this.transporter) throw new Error(EMAIL_NOT_CONFIGURED_REASON);
    await this.transporter.sendMail({
      from: this.config.MAIL_FROM,
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      headers: email.headers ?? undefined,
    });
  }

  onModuleDestroy(): void {
    this.transporter?.close();
  }
}
