import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { builtLevel } from '../../../e2e/src/webBuild';
import { shipGzip } from '../../../web/build/shipGzip';
import { fileSizes, measureAsShipped } from './firstLoads';

describe('weighing a quick test build as the shipped one', () => {
  const dist = mkdtempSync(join(tmpdir(), 'frota-budget-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  // application code of a realistic shape: repeated identifiers with varying numbers
  const code = Array.from(
    { length: 1200 },
    (_, i) => `export const value${i} = (a, b) => a * ${i % 97} + b.length - ${(i * 7919) % 1013};\n`,
  ).join('');

  it('reads a build made by vite itself as shipped, and one marked quick as quick', () => {
    expect(builtLevel(dist)).toBe('ship');
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, '.vite', 'frota-precompress.json'), JSON.stringify({ level: 'fast' }));
    expect(builtLevel(dist)).toBe('fast');
  });

  it("replaces the quick build's gzip size by the shipped compression's (Zopfli), which is smaller", async () => {
    writeFileSync(join(dist, 'app.js'), code);
    writeFileSync(join(dist, 'app.js.gz'), gzipSync(code, { level: 1 }));
    const quick = fileSizes(dist, 'app.js').gzip;
    await measureAsShipped(dist, ['app.js']);
    const shipped = (await shipGzip(Buffer.from(code))).length;
    expect(fileSizes(dist, 'app.js').gzip).toBe(shipped);
    expect(shipped).toBeLessThan(quick);
    expect(fileSizes(dist, 'app.js').raw).toBe(code.length);
  });
});
