import { assertId, isUuid } from './ids.js';
import { paged, pageRequest } from './paging.js';

describe('ids', () => {
  it('accepts uuids in any case and normalises them to lower case', () => {
    expect(isUuid('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toBe(true);
    expect(assertId('3F2504E0-4F89-41D3-9A0C-0305E82C3301', 'Contact')).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
  });

  it('turns anything else into the same 404 as a missing row', () => {
    for (const bad of ['', 'abc', '3f2504e0-4f89-41d3-9a0c-0305e82c330', "1' OR '1'='1"]) {
      expect(() => assertId(bad, 'List')).toThrow(
        expect.objectContaining({ code: 'NOT_FOUND', message: 'List not found' }),
      );
    }
  });
});

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
