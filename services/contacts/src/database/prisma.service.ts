import { Inject, Injectable } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { Database } from './database.js';

/** Prisma over the service's one pool (writes, transactions and simple reads). */
@Injectable()
export class PrismaService extends PrismaClient {
  constructor(@Inject(Database) database: Database) {
    super({ adapter: new PrismaPg(database.pool) });
  }
}
