import { metricsRegistry } from '@kith/nest-kit';
import { ContactCountCache } from './count-cache.js';

const at = (iso: string) => new Date(iso);
const NOON = at('2026-11-25T12:00:00Z');

async function lookups(): Promise<Record<string, number>> {
  const metric = await metricsRegistry.getSingleMetric('kith_contact_count_cache_total')!.get();
  return Object.fromEntries(metric.values.map((value) => [String(value.labels.outcome), value.value]));
}

describe('ContactCountCache', () => {
  it('serves a count only at the version it was read at', () => {
    const cache = new ContactCountCache({ COUNT_CACHE_ENTRIES: 10 });
    expect(cache.kept('search')).toBeUndefined();
    cache.keep('search', { value: 13_688, version: '41' });
    const kept = cache.kept<number>('search')!;
    expect(cache.valid(kept, '41', NOON)).toBe(13_688);
    expect(cache.valid(kept, '42', NOON)).toBeUndefined();
  });

  it('serves an overdue count until the next contact falls due, and for ever when none will', () => {
    const cache = new ContactCountCache({ COUNT_CACHE_ENTRIES: 10 });
    cache.keep('overdue', { value: 74_406, version: '7', nextDue: at('2026-11-25T12:30:00Z') });
    const kept = cache.kept<number>('overdue')!;
    expect(cache.valid(kept, '7', at('2026-11-25T12:29:59.999Z'))).toBe(74_406);
    expect(cache.valid(kept, '7', at('2026-11-25T12:30:00Z'))).toBeUndefined();
    cache.keep('overdue', { value: 3, version: '8', nextDue: null });
    expect(cache.valid(cache.kept<number>('overdue')!, '8', at('2036-01-01T00:00:00Z'))).toBe(3);
  });

  it('keeps at most COUNT_CACHE_ENTRIES counts, dropping the least recently used, and none with 0', () => {
    const cache = new ContactCountCache({ COUNT_CACHE_ENTRIES: 2 });
    cache.keep('a', { value: 1, version: '1' });
    cache.keep('b', { value: 2, version: '1' });
    cache.kept('a');
    cache.keep('c', { value: 3, version: '1' });
    expect([cache.kept('a')?.value, cache.kept('b')?.value, cache.kept('c')?.value]).toEqual([1, undefined, 3]);

    const none = new ContactCountCache({ COUNT_CACHE_ENTRIES: 0 });
    none.keep('a', { value: 1, version: '1' });
    expect(none.kept('a')).toBeUndefined();
  });

  it('counts its lookups for /metrics: hit, stale, miss', async () => {
    const cache = new ContactCountCache({ COUNT_CACHE_ENTRIES: 10 });
    const before = await lookups();
    cache.kept('unknown');
    cache.keep('known', { value: 1, version: '1' });
    const kept = cache.kept<number>('known')!;
    cache.valid(kept, '1', NOON);
    cache.valid(kept, '2', NOON);
    const after = await lookups();
    const moved = (outcome: string) => (after[outcome] ?? 0) - (before[outcome] ?? 0);
    expect([moved('miss'), moved('hit'), moved('stale')]).toEqual([1, 1, 1]);
  });
});
