import type { Paged } from '@kith/contracts';

export interface PageRequest {
  limit: number;
  offset: number;
}

export const pageRequest = (query: { page: number; limit: number }): PageRequest => ({
  limit: query.limit,
  offset: (query.page - 1) * query.limit,
});

export function paged<T>(items: T[], totalItems: number, query: { page: number; limit: number }): Paged<T> {
  return { items, totalItems, page: query.page, limit: query.limit, totalPages: Math.ceil(totalItems / query.limit) };
}
