import { describe, expect, it } from 'vitest';
import { LruCache } from './lruCache';

describe('LruCache', () => {
  it('evicts the least recently used entry beyond its capacity', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('keeps null values as entries and refreshes on set', () => {
    const cache = new LruCache<string, string | null>(2);
    cache.set('x', null);
    cache.set('y', 'y');
    cache.set('x', 'x2');
    cache.set('z', 'z');
    expect(cache.has('y')).toBe(false);
    expect(cache.get('x')).toBe('x2');
    const nulls = new LruCache<string, string | null>(1);
    nulls.set('n', null);
    expect(nulls.has('n')).toBe(true);
    expect(nulls.get('n')).toBeNull();
  });

  it('keeps an undefined value as an entry: reading it makes it the most recent', () => {
    const cache = new LruCache<string, number | undefined>(2);
    cache.set('u', undefined);
    cache.set('v', 1);
    expect(cache.get('u')).toBeUndefined();
    cache.set('w', 2);
    // 'u' was read after 'v' was set, so 'v' is the one evicted
    expect(cache.has('u')).toBe(true);
    expect(cache.has('v')).toBe(false);
    expect(cache.get('missing')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('refuses a capacity below one', () => {
    expect(() => new LruCache(0)).toThrow(/capacity/);
  });
});
