import { Inject, Injectable } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { type Prisma, PrismaClient } from '../generated/prisma/client.js';
import { Database } from './database.js';

/** Prisma over the service's one pool (writes, transactions and simple reads). */
@Injectable()
export class PrismaService extends PrismaClient {
  constructor(@Inject(Database) database: Database) {
    // Prisma expires an interactive transaction after 5 s by default, and the callback's later
    // queries then fail half-way (a loaded machine seeding the demo hit it); real limits are
    // the statement timeouts, so give transactions room.
    super({ adapter: new PrismaPg(database.pool), transactionOptions: { maxWait: 10_000, timeout: 60_000 } });
  }
}

/** What a repository writes through: the Prisma client, or the client of an open transaction. */
export type Db = Prisma.TransactionClient | PrismaService;
