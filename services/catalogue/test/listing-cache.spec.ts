import { describe, expect, it } from '@jest/globals';
import { ListingCache } from '../src/listings/listing-cache.js';

describe('ListingCache', () => {
  const make = (maxBytes = 1_000, ttlMs = 1_000) => {
    let now = 0;
    const cache = new ListingCache({ maxBytes, ttlMs, now: () => now });
    return { cache, tick: (ms: number) => (now += ms) };
  };

  it('answers a body only at the version it was stored with', () => {
    const { cache } = make();
    cache.set('k', 3, '{"a":1}');
    expect(cache.get('k', 3)).toBe('{"a":1}');
    expect(cache.get('k', 4)).toBeUndefined();
    // a version miss drops the entry: the old body is never answered again
    expect(cache.get('k', 3)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.usedBytes).toBe(0);
  });

  it('expires entries after the time limit', () => {
    const { cache, tick } = make(1_000, 100);
    cache.set('k', 1, 'x');
    tick(99);
    expect(cache.get('k', 1)).toBe('x');
    tick(1);
    expect(cache.get('k', 1)).toBeUndefined();
  });

  it('stays within its byte bound, dropping the least recently used first', () => {
    const { cache } = make(400); // each entry below: 2 * (1 + 24) = 50 bytes, so 8 fit
    const body = 'b'.repeat(24);
    const keys = 'abcdefgh'.split('');
    for (const k of keys) cache.set(k, 1, body);
    expect(cache.size).toBe(8);
    expect(cache.get('a', 1)).toBe(body); // 'a' is now the most recent, 'b' the least
    cache.set('i', 1, body);
    expect(cache.usedBytes).toBeLessThanOrEqual(400);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe(body);
    expect(cache.get('i', 1)).toBe(body);
    expect(cache.size).toBe(8);
  });

  it('replaces an entry in place and never keeps a body larger than an eighth of the bound', () => {
    const { cache } = make(800);
    cache.set('k', 1, 'x'.repeat(10));
    cache.set('k', 2, 'y'.repeat(10));
    expect(cache.size).toBe(1);
    expect(cache.usedBytes).toBe(2 * 11);
    cache.set('big', 1, 'z'.repeat(100));
    expect(cache.get('big', 1)).toBeUndefined();
  });

  it('is off with no bytes or no time', () => {
    for (const c of [new ListingCache({ maxBytes: 0, ttlMs: 100 }), new ListingCache({ maxBytes: 100, ttlMs: 0 })]) {
      expect(c.enabled).toBe(false);
      c.set('k', 1, 'x');
      expect(c.get('k', 1)).toBeUndefined();
    }
  });
});
