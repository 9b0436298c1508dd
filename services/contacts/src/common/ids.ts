import { AppError } from '@kith/nest-kit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * Ids are uuids; anything else cannot name a row, so it is the same 404 as another user's id
 * (and never reaches PostgreSQL as a cast error).
 */
export function assertId(value: string, what: string): string {
  if (!isUuid(value)) throw AppError.notFound(what);
  return value.toLowerCase();
}
