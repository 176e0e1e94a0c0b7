import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapGenerator } from 'source-map-js';
import { afterAll, describe, expect, it } from 'vitest';
import {
  heapProfileText,
  mapsIn,
  profileText,
  summarizeHeapProfile,
  summarizeProfile,
  type CpuProfile,
  type HeapProfile,
} from './profileSummary';

const frame = (functionName: string, url: string, lineNumber = 0, columnNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber,
});

// root → main (bundle, minified `a`) → sort (bundle, minified `b`); root → (idle); root → (program)
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2, 4, 5] },
    { id: 2, callFrame: frame('a', 'http://127.0.0.1/assets/app-1.js', 0, 10), children: [3] },
    { id: 3, callFrame: frame('b', 'http://127.0.0.1/assets/app-1.js', 0, 40) },
    { id: 4, callFrame: frame('(idle)', '') },
    { id: 5, callFrame: frame('(program)', '') },
  ],
  startTime: 0,
  // each sample lasts until the next: 1 ms apiece (µs deltas), the last one counts nothing
  samples: [3, 3, 2, 4, 4, 5, 3, 1],
  timeDeltas: [0, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
};

describe('profile summary', () => {
  const dir = mkdtempSync(join(tmpdir(), 'frota-profile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('adds up each function’s own time and its time with what it called, idle left out', () => {
    const summary = summarizeProfile(profile);
    expect(summary.busyMs).toBe(5);
    expect(summary.self).toEqual([
      { name: 'b app-1.js:1', ms: 3 },
      { name: 'a app-1.js:1', ms: 1 },
      { name: '(program)', ms: 1 },
      { name: '(root)', ms: 0 },
    ]);
    expect(summary.inclusive.slice(0, 3)).toEqual([
      { name: '(root)', ms: 5 },
      { name: 'a app-1.js:1', ms: 4 },
      { name: 'b app-1.js:1', ms: 3 },
    ]);
  });

  it('names bundled functions after their sources through the build’s source maps', () => {
    const map = new SourceMapGenerator({ file: 'app-1.js' });
    map.addMapping({
      generated: { line: 1, column: 10 },
      original: { line: 60, column: 0 },
      source: '../../src/live/mapVehicles.ts',
      name: 'mapVehicles',
    });
    map.addMapping({
      generated: { line: 1, column: 40 },
      original: { line: 107, column: 0 },
      source: '../../node_modules/some-lib/dist/sort.js',
      name: 'sortVehicles',
    });
    writeFileSync(join(dir, 'app-1.js.map'), map.toString());
    const summary = summarizeProfile(profile, mapsIn(dir));
    expect(summary.self[0]).toEqual({ name: 'sortVehicles some-lib/dist/sort.js:107', ms: 3 });
    expect(summary.inclusive[1]).toEqual({ name: 'mapVehicles src/live/mapVehicles.ts:60', ms: 4 });
    expect(profileText(summary)).toContain('      3.0 ms  sortVehicles some-lib/dist/sort.js:107');
  });

  it('keeps the profile’s names for files without a map, and counts only the window asked for', () => {
    const summary = summarizeProfile(profile, mapsIn(join(dir, 'none')), { fromMs: 2.5, toMs: 10 });
    // the samples at 3 and 4 (idle), 5 (program), 6 (b) and 7 ms (the last, which counts nothing)
    expect(summary.busyMs).toBe(2);
    expect(summary.self.map((l) => l.name)).toEqual(['(program)', 'b app-1.js:1', '(root)']);
  });

  it('adds up a heap profile’s bytes by the function that allocated them, and per unit of work', () => {
    // root → store → (write 300 B, then store again → write 100 B); root → decode 600 B
    const heap: HeapProfile = {
      head: {
        callFrame: frame('(root)', ''),
        selfSize: 0,
        children: [
          {
            callFrame: frame('store', 'file:///srv/ingest.js', 9),
            selfSize: 0,
            children: [
              { callFrame: frame('write', 'file:///srv/writer.js', 4), selfSize: 300 },
              {
                callFrame: frame('store', 'file:///srv/ingest.js', 9),
                selfSize: 0,
                children: [{ callFrame: frame('write', 'file:///srv/writer.js', 4), selfSize: 100 }],
              },
            ],
          },
          { callFrame: frame('decode', 'file:///srv/decoder.js', 0), selfSize: 600 },
        ],
      },
    };
    const summary = summarizeHeapProfile(heap);
    expect(summary.totalBytes).toBe(1000);
    expect(summary.self.slice(0, 2)).toEqual([
      { name: 'decode decoder.js:1', bytes: 600 },
      { name: 'write writer.js:5', bytes: 400 },
    ]);
    // the recursive store counts its 400 bytes once
    expect(summary.inclusive).toContainEqual({ name: 'store ingest.js:10', bytes: 400 });
    expect(summary.inclusive[0]).toEqual({ name: '(root)', bytes: 1000 });
    const text = heapProfileText(summary, { count: 4, unit: 'record' });
    expect(text).toContain('allocated 250 bytes a record (4 records)');
    expect(text).toContain('150 bytes a record  decode decoder.js:1');
  });
});
