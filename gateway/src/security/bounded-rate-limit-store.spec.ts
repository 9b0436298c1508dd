import { jest } from '@jest/globals';
import type { Options } from 'express-rate-limit';
import { BoundedRateLimitStore } from './bounded-rate-limit-store.js';

describe('BoundedRateLimitStore', () => {
  const store = (maxClients: number, windowMs = 60_000) => {
    const sut = new BoundedRateLimitStore(maxClients);
    sut.init({ windowMs } as Options);
    return sut;
  };

  it('counts hits per client within the window', () => {
    const sut = store(10);
    sut.increment('1.2.3.4');
    expect(sut.increment('1.2.3.4').totalHits).toBe(2);
    expect(sut.increment('5.6.7.8').totalHits).toBe(1);
    sut.decrement('1.2.3.4');
    expect(sut.get('1.2.3.4')?.totalHits).toBe(1);
  });

  it('starts a new window once the old one is over', () => {
    jest.useFakeTimers();
    try {
      const sut = store(10, 1000);
      sut.increment('1.2.3.4');
      jest.advanceTimersByTime(1001);
      expect(sut.get('1.2.3.4')).toBeUndefined();
      expect(sut.increment('1.2.3.4').totalHits).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('remembers at most its cap of clients, however many addresses come', () => {
    const sut = store(1000);
    for (let i = 0; i < 20_000; i++) sut.increment(`2001:db8::${i.toString(16)}`);
    expect(sut.size).toBe(1000);
  });
});
