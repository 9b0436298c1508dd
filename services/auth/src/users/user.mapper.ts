import type { User } from '@kith/contracts';
import type { User as UserRow } from '../generated/prisma/client.js';

/** The public shape of a user: never the password hash. */
export function toUser(row: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'createdAt'>): User {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
  };
}
