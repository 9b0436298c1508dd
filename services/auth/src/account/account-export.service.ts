import { once } from 'node:events';
import {
  ACCOUNT_EXPORT_OBJECTS,
  ACCOUNT_EXPORT_PAGE_SIZE,
  ACCOUNT_EXPORT_SECTIONS,
  ACCOUNT_EXPORT_VERSION,
  type AccountExportPage,
  type AccountExportPageRequest,
  accountExportFileName,
  ErasingService,
  ErrorMessage,
  NatsSubject,
} from '@kith/contracts';
import { AppError, NatsClient } from '@kith/nest-kit';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { TwoFactorService } from '../two-factor/two-factor.service.js';
import { UserMapper } from '../users/user.mapper.js';
import { UsersRepository } from '../users/users.repository.js';
import { AccountDataRepository } from './account-data.repository.js';

const EXPORT_SUBJECT = {
  [ErasingService.CONTACTS]: NatsSubject.CONTACTS_EXPORT_ACCOUNT_PAGE,
  [ErasingService.NOTIFICATIONS]: NatsSubject.NOTIFICATIONS_EXPORT_ACCOUNT_PAGE,
} as const;

/**
 * Builds the account export (docs/account-export.md): auth writes the profile and its own data
 * (app passwords, sessions, password resets — never a secret), and each service
 * answers for its own data page by page over NATS, so no process ever holds a whole account.
 * Every section's first page is fetched before the first byte is sent: a service that is down
 * is a clean 503, not a truncated file. A failure later aborts the download (never a file that
 * looks complete but is not).
 */
@Injectable()
export class AccountExportService {
  private readonly logger = new Logger(AccountExportService.name);

  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(AccountDataRepository) private readonly ownData: AccountDataRepository,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
    @Inject(UserMapper) private readonly mapper: UserMapper,
  ) {}

  async streamTo(userId: string, response: Response): Promise<void> {
    const row = await this.users.findById(userId);
    if (!row) throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    // Everything but the later pages is read before the first byte: a service that is down is a
    // clean 503 (the NATS request fails here), never a document that looks whole but is not.
    const [objects, firstPages, appPasswords, sessions, passwordResets, twoFactor] = await Promise.all([
      Promise.all(ACCOUNT_EXPORT_OBJECTS.map((object) => this.page(object.service, userId, object.key, null))),
      Promise.all(ACCOUNT_EXPORT_SECTIONS.map((section) => this.page(section.service, userId, section.key, null))),
      this.ownData.appPasswords(userId),
      this.ownData.sessions(userId),
      this.ownData.passwordResets(userId),
      this.twoFactor.status(userId),
    ]);

    const now = new Date();
    response.status(200);
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${accountExportFileName(now)}"`);
    response.setHeader('Cache-Control', 'no-store');
    try {
      const head = {
        version: ACCOUNT_EXPORT_VERSION,
        exportedAt: now.toISOString(),
        profile: this.mapper.toUser(row),
        twoFactor,
        ...Object.fromEntries(
          ACCOUNT_EXPORT_OBJECTS.map((object, index) => [object.key, objects[index]!.items[0] ?? null]),
        ),
        appPasswords,
        sessions,
        passwordResets,
      };
      await write(response, JSON.stringify(head).slice(0, -1));
      for (const [index, section] of ACCOUNT_EXPORT_SECTIONS.entries()) {
        await write(response, `,${JSON.stringify(section.key)}:[`);
        let page = firstPages[index]!;
        let first = true;
        for (;;) {
          for (const item of page.items) {
            await write(response, (first ? '' : ',') + JSON.stringify(item));
            first = false;
          }
          if (!page.nextCursor) break;
          page = await this.page(section.service, userId, section.key, page.nextCursor);
        }
        await write(response, ']');
      }
      await write(response, '}\n');
      response.end();
    } catch (error) {
      this.logger.error(`Export of user ${userId} aborted: ${(error as Error).message}`);
      response.destroy(error as Error);
    }
  }

  private page<Item = unknown>(
    service: ErasingService,
    userId: string,
    section: string,
    cursor: string | null,
  ): Promise<AccountExportPage<Item>> {
    const request: AccountExportPageRequest = { userId, section, cursor, limit: ACCOUNT_EXPORT_PAGE_SIZE };
    return this.nats.request<AccountExportPage<Item>>(EXPORT_SUBJECT[service], request);
  }
}

/** Writes with back-pressure: a slow download never piles the whole account up in memory. */
async function write(response: Response, chunk: string): Promise<void> {
  if (response.destroyed) throw new Error('the client went away');
  if (!response.write(chunk)) {
    const closed = once(response, 'close').then(() => {
      throw new Error('the client went away');
    });
    await Promise.race([once(response, 'drain'), closed]);
  }
}
