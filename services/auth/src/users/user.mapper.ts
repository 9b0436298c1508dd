import type { User } from '@kith/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';
import type { User as UserRow } from '../generated/prisma/client.js';

export type UserRowShape = Pick<
  UserRow,
  'id' | 'firstName' | 'lastName' | 'email' | 'createdAt' | 'emailVerifiedAt' | 'firstAccount'
>;

/** The public shape of a user: never the password hash. The operator is decided here only. */
@Injectable()
export class UserMapper {
  private readonly operatorEmails: ReadonlySet<string>;

  constructor(@Inject(AUTH_CONFIG) config: Pick<AuthConfig, 'KITH_OPERATORS'>) {
    this.operatorEmails = config.KITH_OPERATORS;
  }

  /** The first account of the instance, or one whose address KITH_OPERATORS lists. */
  isOperator(row: Pick<UserRowShape, 'email' | 'firstAccount'>): boolean {
    return row.firstAccount || this.operatorEmails.has(row.email);
  }

  toUser(row: UserRowShape): User {
    return {
      _id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      emailVerified: row.emailVerifiedAt !== null,
      isOperator: this.isOperator(row),
    };
  }
}
