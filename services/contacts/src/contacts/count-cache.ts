import { Inject, Injectable } from '@nestjs/common';
import { defineMetric } from '@kith/nest-kit';
import { LRUCache } from 'lru-cache';
import { CONTACTS_CONFIG, type ContactsConfig } from '../config/contacts.config.js';

/** A count as the database gave it, with what it depends on. */
export interface CountAt<T> {
  value: T;
  /** The user's data version the count was read at (contact_data_versions, 0008). */
  version: string;
  /**
   * For counts that involve being overdue: when the next of the user's contacts falls due (null:
   * none will), after which the count may have grown without any write.
   */
  nextDue?: Date | null;
}

/** Whether a count read at its version is still true for data at `version`, at `now`. */
export function holds(count: CountAt<unknown>, version: string, now: Date): boolean {
  return count.version === version && !(count.nextDue && now >= count.nextDue);
}

/** hit: a kept count served; stale: one was kept but the data or the time had moved on; miss: none was kept. */
const lookups = defineMetric.counter({
  name: 'kith_contact_count_cache_total',
  help: 'Lookups of kept contact counts (totals, grouped sections), by outcome: hit, stale, miss',
  labelNames: ['outcome'] as const,
});

/**
 * Counts the contacts screens ask for again and again (every page of a scrolled search, the
 * dashboard's and the overdue screen's totals, the grouped sections), kept per replica until the
 * user's data version moves on or, for overdue counts, the next contact falls due. The version is
 * read in the same statement as the page it serves, so a kept count is only used for the very
 * data that page was read from; a write on any replica moves the version in the database.
 */
@Injectable()
export class ContactCountCache {
  private readonly counts?: LRUCache<string, CountAt<unknown>>;

  constructor(@Inject(CONTACTS_CONFIG) config: Pick<ContactsConfig, 'COUNT_CACHE_ENTRIES'>) {
    if (config.COUNT_CACHE_ENTRIES > 0) this.counts = new LRUCache({ max: config.COUNT_CACHE_ENTRIES });
  }

  /** The count kept for the key, whatever version it was read at; undefined when none is. */
  kept<T>(key: string): CountAt<T> | undefined {
    const kept = this.counts?.get(key) as CountAt<T> | undefined;
    if (!kept) lookups.inc({ outcome: 'miss' });
    return kept;
  }

  /** The kept count's value when it was read at `version` and is still true at `now`. */
  valid<T>(kept: CountAt<T>, version: string, now: Date): T | undefined {
    const fresh = holds(kept, version, now);
    lookups.inc({ outcome: fresh ? 'hit' : 'stale' });
    return fresh ? kept.value : undefined;
  }

  keep<T>(key: string, count: CountAt<T>): void {
    this.counts?.set(key, count);
  }
}
