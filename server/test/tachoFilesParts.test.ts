/**
 * The pieces under the tachograph file calls: the multipart reader (names as browsers and curl send them,
 * fields without a file skipped), zip entry names made unique, and the archive read back by the test's own
 * reader with its times and incompressible entries.
 */
import { describe, expect, it } from 'vitest';
import { fileParts, multipartBoundary } from '../src/modules/tacho/files/multipart';
import { buildZip, uniqueNames } from '../src/modules/tacho/files/zipWriter';
import { unzip } from './tachoFilesFleet';

const part = (headers: string, body: Buffer | string) =>
  Buffer.concat([Buffer.from(`--XyZ\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);

describe('multipart upload body', () => {
  it('finds the boundary, quoted or not, only for form data', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/octet-stream')).toBeUndefined();
    expect(multipartBoundary(undefined)).toBeUndefined();
  });

  it('reads every file part with its name and exact bytes, skipping plain fields', () => {
    const binary = Buffer.from([0x76, 0x01, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0xff]);
    const body = Buffer.concat([
      part('Content-Disposition: form-data; name="note"', 'texto'),
      part(
        'Content-Disposition: form-data; name="file"; filename="C_João.DDD"\r\nContent-Type: application/octet-stream',
        binary,
      ),
      part(
        `Content-Disposition: form-data; name="file"; filename="x.ddd"; filename*=UTF-8''%C3%81gua.ddd`,
        'abc',
      ),
      part('Content-Disposition: form-data; name="file"; filename="a\\"b.ddd"', ''),
      Buffer.from('--XyZ--\r\n'),
    ]);
    const parts = fileParts(body, 'XyZ');
    expect(parts.map((p) => [p.field, p.fileName])).toEqual([
      ['file', 'C_João.DDD'],
      ['file', 'Água.ddd'],
      ['file', 'a"b.ddd'],
    ]);
    expect(parts[0].bytes.equals(binary)).toBe(true);
    expect(parts[1].bytes.toString()).toBe('abc');
    expect(parts[2].bytes.length).toBe(0);
  });

  it('refuses a body cut short with a 400', () => {
    const cut = Buffer.from(
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.ddd"\r\n\r\nabc',
    );
    expect(() => fileParts(cut, 'XyZ')).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => fileParts(Buffer.from('nada'), 'XyZ')).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});

describe('zip of tachograph files', () => {
  it('keeps names unique, case-insensitively, before the extension', () => {
    expect(uniqueNames(['a.DDD', 'A.ddd', 'a.DDD', 'b', 'b'])).toEqual([
      'a.DDD',
      'A (2).ddd',
      'a (3).DDD',
      'b',
      'b (2)',
    ]);
  });

  it('writes entries that read back byte for byte, compressed or stored', () => {
    const random = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + (i >> 3) * 31) & 0xff));
    const repetitive = Buffer.alloc(20_000, 0x20);
    const zip = buildZip(
      [
        { name: 'M_20260331_1742_AA-00-BB.DDD', bytes: repetitive },
        { name: 'Condutor João.DDD', bytes: random },
        { name: 'vazio.ddd', bytes: Buffer.alloc(0) },
      ],
      Date.parse('2026-03-31T17:42:10Z'),
    );
    expect(zip.length).toBeLessThan(repetitive.length);
    const entries = unzip(zip);
    expect(entries.map((e) => e.name)).toEqual([
      'M_20260331_1742_AA-00-BB.DDD',
      'Condutor João.DDD',
      'vazio.ddd',
    ]);
    expect(entries[0].bytes.equals(repetitive)).toBe(true);
    expect(entries[1].bytes.equals(random)).toBe(true);
    expect(entries[2].bytes.length).toBe(0);
    // MS-DOS time of the first local header: 17:42:10 on 2026-03-31
    expect(zip.readUInt16LE(10)).toBe((17 << 11) | (42 << 5) | 5);
    expect(zip.readUInt16LE(12)).toBe(((2026 - 1980) << 9) | (3 << 5) | 31);
  });
});
