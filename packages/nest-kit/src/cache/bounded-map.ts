/**
 * A Map that never holds more than `maxEntries`: past it, the entry used least recently goes.
 * For in-memory state keyed by what clients send (an IP, an e-mail address), which must not
 * grow with the number of distinct keys an attacker can make up.
 */
export class BoundedMap<Key, Value> {
  private readonly entries = new Map<Key, Value>();

  constructor(readonly maxEntries: number) {
    if (!(maxEntries >= 1)) throw new RangeError('maxEntries must be at least 1');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, which becomes the most recently used. */
  get(key: Key): Value | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key)!;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: Key, value: Value): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    // A Map iterates in insertion order, so its first key is the least recently used.
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return this;
  }

  delete(key: Key): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops every entry `isStale` says is of no use any more. */
  prune(isStale: (value: Value, key: Key) => boolean): void {
    for (const [key, value] of this.entries) if (isStale(value, key)) this.entries.delete(key);
  }
}
