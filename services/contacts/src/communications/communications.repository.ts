import { Inject, Injectable } from '@nestjs/common';
import type { CommunicationType } from '@kith/contracts';
import type { Communication as CommunicationRow } from '../generated/prisma/client.js';
import { type Db, PrismaService } from '../database/prisma.service.js';
import type { PageRequest } from '../common/paging.js';

export interface NewCommunication {
  type: CommunicationType;
  timestamp: Date;
  notes: string | null;
  duration: number | null;
}

/** The only code that reads and writes the communications table (a contact's interactions). */
@Injectable()
export class CommunicationsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  create(db: Db, userId: string, contactId: string, entry: NewCommunication): Promise<CommunicationRow> {
    return db.communication.create({ data: { ...entry, userId, contactId } });
  }

  /** The caller's interaction; null for another user's or no such id. */
  findOwned(userId: string, id: string, db: Db = this.prisma): Promise<CommunicationRow | null> {
    return db.communication.findFirst({ where: { id, userId } });
  }

  update(db: Db, id: string, changes: Partial<NewCommunication>): Promise<CommunicationRow> {
    return db.communication.update({ where: { id }, data: changes });
  }

  async delete(db: Db, userId: string, id: string): Promise<boolean> {
    const { count } = await db.communication.deleteMany({ where: { id, userId } });
    return count === 1;
  }

  /** Newest first (communications_contact_timestamp_idx). */
  async findForContact(
    userId: string,
    contactId: string,
    page: PageRequest,
  ): Promise<{ rows: CommunicationRow[]; total: number }> {
    const where = { userId, contactId };
    const [rows, total] = await Promise.all([
      this.prisma.communication.findMany({
        where,
        orderBy: [{ timestamp: 'desc' }, { id: 'desc' }],
        take: page.limit,
        skip: page.offset,
      }),
      this.prisma.communication.count({ where }),
    ]);
    return { rows, total };
  }
}
