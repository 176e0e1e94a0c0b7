import { describe, expect, it } from 'vitest';
import { StoredLedger } from './storedLedger';

const pairsOf = (listing: ReturnType<StoredLedger['listing']>) =>
  listing && Object.fromEntries([...listing.pairs].map(([device, pairs]) => [device, [...pairs]]));

describe('the ledger of stored positions', () => {
  it('lists a page up to where it holds every id, per vehicle, in the order stored', () => {
    const ledger = new StoredLedger(100);
    // commits reported out of id order (PostgreSQL's concurrent transactions)
    for (const [id, device, time] of [
      [3, 7, 300],
      [1, 7, 100],
      [2, 8, 200],
      [4, 8, 400],
      [6, 7, 600],
    ])
      ledger.add(id, device, time);
    const whole = ledger.listing(0, 6);
    // 5 is missing: the page ends at 4
    expect(whole?.end).toBe(4);
    expect(pairsOf(whole)).toEqual({ 7: [3, 300, 1, 100], 8: [2, 200, 4, 400] });
    expect(ledger.listing(1, 3)?.end).toBe(3);
    expect(pairsOf(ledger.listing(1, 3))).toEqual({ 7: [3, 300], 8: [2, 200] });
    // a page whose first id it does not hold, or an empty page
    expect(ledger.listing(4, 6)).toBeUndefined();
    expect(ledger.listing(6, 6)).toBeUndefined();
    ledger.add(5, 9, 500);
    expect(ledger.listing(4, 6)?.end).toBe(6);
    expect(pairsOf(ledger.listing(4, 6))).toEqual({ 9: [5, 500], 7: [6, 600] });
  });

  it('forgets the ids a pass has passed, and holds no more than its cap', () => {
    const ledger = new StoredLedger(3);
    for (let id = 1; id <= 5; id++) ledger.add(id, 1, id * 10);
    expect(ledger.size).toBe(3);
    // ids 4 and 5 waited outside: the page ends before them
    expect(ledger.listing(0, 5)?.end).toBe(3);
    ledger.dropUpTo(2);
    expect(ledger.size).toBe(1);
    expect(ledger.listing(0, 3)).toBeUndefined();
    expect(pairsOf(ledger.listing(2, 3))).toEqual({ 1: [3, 30] });
    ledger.add(4, 1, 40);
    ledger.add(5, 2, 50);
    expect(ledger.listing(2, 5)?.end).toBe(5);
    ledger.clear();
    expect(ledger.size).toBe(0);
    expect(ledger.listing(0, 5)).toBeUndefined();
  });

  it('grows past its first room', () => {
    const ledger = new StoredLedger(10_000);
    for (let id = 1; id <= 5_000; id++) ledger.add(id, id % 3, id);
    const listing = ledger.listing(0, 5_000)!;
    expect(listing.end).toBe(5_000);
    expect([...listing.pairs.values()].reduce((n, p) => n + p.length / 2, 0)).toBe(5_000);
    expect(listing.pairs.get(0)!.slice(0, 4)).toEqual(Float64Array.from([3, 3, 6, 6]));
  });
});
