import { Inject, Injectable } from '@nestjs/common';
import type { CommunicationType } from '@kith/contracts';
import type { Communication as CommunicationRow } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Db } from '../contacts/contacts.repository.js';
import type { PageRequest } from '../common/paging.js';

export interface NewCommunication {
  type: CommunicationType;
  timestamp: Date;
  notes: string | null;
  duration: number | null;
}

@Injectable()
export class CommunicationsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  create(db: Db, userId: string, contactId: string, entry: NewCommunication): Promise<CommunicationRow> {
    return db.communication.create({ data: { ...entry, userId, contactId } });
  }

  /** Newest first. */
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
