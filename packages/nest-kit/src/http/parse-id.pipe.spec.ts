import { parseId } from './parse-id.pipe.js';

describe('parseId', () => {
  it('accepts uuids in any case and hands them on lower case', () => {
    expect(parseId('Contact').transform('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toBe(
      '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    );
  });

  it('turns anything else into the same 404 as a missing row', () => {
    for (const bad of ['', 'abc', '3f2504e0-4f89-41d3-9a0c-0305e82c330', "1' OR '1'='1"]) {
      expect(() => parseId('List').transform(bad)).toThrow(
        expect.objectContaining({ code: 'NOT_FOUND', message: 'List not found' }),
      );
    }
  });
});
