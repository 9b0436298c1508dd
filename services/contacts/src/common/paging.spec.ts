import { paged, pageRequest } from './paging.js';

describe('paging', () => {
  it('turns page and limit into an offset', () => {
    expect(pageRequest({ page: 3, limit: 20 })).toEqual({ limit: 20, offset: 40 });
  });

  it('reports the total and the number of pages', () => {
    expect(paged(['a'], 41, { page: 3, limit: 20 })).toEqual({
      items: ['a'],
      totalItems: 41,
      page: 3,
      limit: 20,
      totalPages: 3,
    });
    expect(paged([], 0, { page: 1, limit: 20 })).toMatchObject({ totalPages: 0 });
  });
});
