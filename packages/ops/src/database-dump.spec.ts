import { loadOrder } from './database-dump.js';

describe('loadOrder', () => {
  it('puts every table after the tables its foreign keys point at', () => {
    const order = loadOrder([
      { name: 'communications', refs: ['contacts'] },
      { name: 'contacts', refs: ['contact_lists'] },
      { name: 'contact_lists', refs: [] },
      { name: 'settings', refs: [] },
    ]).map((table) => table.name);
    expect(order).toEqual(['contact_lists', 'contacts', 'communications', 'settings']);
  });

  it('refuses a cycle instead of loading half of it', () => {
    expect(() =>
      loadOrder([
        { name: 'a', refs: ['b'] },
        { name: 'b', refs: ['a'] },
      ]),
    ).toThrow(/cycle through table a/);
  });
});
