/** A fully rendered email, ready for the outbox: the same message as HTML and as plain text. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** Extra mail headers (List-Unsubscribe and List-Unsubscribe-Post on reminders). */
  headers?: Record<string, string>;
}
