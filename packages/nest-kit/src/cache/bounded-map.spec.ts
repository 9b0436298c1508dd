import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('never holds more than its cap, however many keys come', () => {
    const sut = new BoundedMap<string, number>(100);
    for (let i = 0; i < 10_000; i++) sut.set(`key-${i}`, i);
    expect(sut.size).toBe(100);
    expect(sut.get('key-9999')).toBe(9999);
    expect(sut.get('key-0')).toBeUndefined();
  });

  it('lets the least recently used entry go first', () => {
    const sut = new BoundedMap<string, number>(2);
    sut.set('a', 1).set('b', 2);
    sut.get('a');
    sut.set('c', 3);
    expect([sut.get('a'), sut.get('b'), sut.get('c')]).toEqual([1, undefined, 3]);
  });

  it('prunes what is stale', () => {
    const sut = new BoundedMap<string, number>(10);
    sut.set('old', 1).set('new', 2);
    sut.prune((value) => value < 2);
    expect(sut.size).toBe(1);
    expect(sut.get('new')).toBe(2);
  });
});
