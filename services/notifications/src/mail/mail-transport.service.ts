import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import type { RenderedEmail } from './templates/rendered-email.js';

export interface OutgoingEmail extends Omit<RenderedEmail, 'headers'> {
  to: string;
  headers?: Record<string, string> | null;
}

/** SMTP reply codes 5xx are permanent refusals (no such mailbox...): retrying cannot help. */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** nodemailer over SMTP_URL, pooled, with short timeouts so a dead server fails fast. */
@Injectable()
export class MailTransport implements OnModuleDestroy {
  private readonly transporter: Transporter;

  constructor(@Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig) {
    this.transporter = nodemailer.createTransport({
      url: config.SMTP_URL,
      pool: true,
      maxConnections: config.OUTBOX_CONCURRENCY,
      connectionTimeout: config.SMTP_TIMEOUT_MS,
      greetingTimeout: config.SMTP_TIMEOUT_MS,
      socketTimeout: config.SMTP_TIMEOUT_MS,
    });
  }

  /** Resolves once the SMTP server accepted the message. */
  async send(email: OutgoingEmail): Promise<void> {
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
    this.transporter.close();
  }
}
