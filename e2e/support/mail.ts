import { expect } from '@playwright/test';

const MAILDEV_URL = process.env.MAILDEV_URL ?? 'http://localhost:1080';

interface CaughtEmail {
  to?: { address: string }[];
  subject?: string;
  html?: string;
  text?: string;
  date?: string;
}

async function inbox(): Promise<CaughtEmail[]> {
  // maildev serves its REST API under /email; some builds also under /api/email.
  for (const path of ['/email', '/api/email']) {
    const response = await fetch(`${MAILDEV_URL}${path}`).catch(() => null);
    if (response?.ok) return (await response.json()) as CaughtEmail[];
  }
  throw new Error(`The mail catcher at ${MAILDEV_URL} did not answer`);
}

/** The password-reset token from the newest reset email the catcher holds for `address`. */
export async function resetTokenFor(address: string): Promise<string> {
  let token: string | null = null;
  await expect
    .poll(
      async () => {
        const mails = (await inbox()).filter((mail) =>
          mail.to?.some((to) => to.address.toLowerCase() === address.toLowerCase()),
        );
        for (const mail of mails.reverse()) {
          const match = /reset-password\?token=([A-Za-z0-9_\-.%]+)/.exec(`${mail.html ?? ''} ${mail.text ?? ''}`);
          if (match?.[1]) {
            token = decodeURIComponent(match[1]);
            return true;
          }
        }
        return false;
      },
      { message: `a reset email for ${address}`, timeout: 30_000, intervals: [500, 1000] },
    )
    .toBe(true);
  return token!;
}

/** Subjects of the mails the catcher holds for `address`, waiting until `subject` is among them. */
export async function waitForMail(address: string, subject: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await inbox())
          .filter((mail) => mail.to?.some((to) => to.address.toLowerCase() === address.toLowerCase()))
          .map((mail) => mail.subject),
      {
        message: `a mail "${subject}" for ${address}`,
        timeout: 30_000,
        intervals: [500, 1000],
      },
    )
    .toContain(subject);
}
