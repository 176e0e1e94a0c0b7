import { describe, expect, it } from 'vitest';
import { PartialFiles, type DropReason } from './partials';

const packet = (n: number) => Buffer.alloc(n, 1);

describe('partial files under their caps', () => {
  it('makes room over all cameras by dropping the partials idle the longest; a dropped one takes no more', () => {
    let now = 0;
    const drops: Array<[string, DropReason, number]> = [];
    const partials = new PartialFiles(60_000, () => now, {
      maxBytesPerDevice: 1000,
      maxBytes: 1500,
      onDrop: (p, reason, bytes) => drops.push([p.imei, reason, bytes]),
    });
    const a = partials.open('A', '%photof', 10);
    expect(partials.append(a, packet(800), 1)).toBe(true);
    now = 10;
    const b = partials.open('B', '%photof', 10);
    expect(partials.append(b, packet(600), 1)).toBe(true);
    now = 20;
    const c = partials.open('C', '%photof', 10);
    expect(partials.append(c, packet(500), 1)).toBe(true);
    expect(drops).toEqual([['A', 'total cap', 800]]);
    expect(partials.bytes).toBe(1100);
    expect(a.chunks).toEqual([]);
    expect(partials.append(a, packet(10), 2)).toBe(false);
    // one file alone may not pass the device cap
    expect(partials.append(c, packet(501), 2)).toBe(false);
    partials.truncate(c, 0);
    expect(partials.bytes).toBe(600);
    expect(partials.bytesOf('C')).toBe(0);
    now = 70_000;
    partials.sweep();
    expect(partials.size).toBe(0);
    expect(partials.bytes).toBe(0);
    expect(drops.map((d) => d[1])).toEqual(['total cap', 'idle', 'idle']);
  });
});
