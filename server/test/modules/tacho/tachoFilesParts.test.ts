/**
 * The pieces under the tachograph file calls: multipart bodies as browsers and curl send them (plain fields
 * skipped, UTF-8 names, a body cut short refused with a 400) through the real upload route, zip entry
 * names made unique, and the archive read back entry for entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip, uniqueNames } from '../../../src/modules/tacho/files/zipWriter';
import { startTestServer, type TestServer } from '../../harness';
import { API, buildTachoFleet, cardFile, download, unzip, type TachoFleet } from '../../tachoFilesFleet';

const part = (headers: string, body: Buffer | string) =>
  Buffer.concat([Buffer.from(`--XyZ\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);

describe('multipart upload body', () => {
  let server: TestServer;
  let f: TachoFleet;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    f = await buildTachoFleet(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = async (body: Buffer) => {
    const res = await fetch(`${server.base}${API}/tacho_files/upload`, {
      method: 'POST',
      headers: { cookie: f.gestor.cookie ?? '', 'content-type': 'multipart/form-data; boundary=XyZ' },
      body: new Uint8Array(body),
    });
    return { status: res.status, text: await res.text() };
  };

  it('reads every file part with its UTF-8 name and exact bytes, skipping plain fields', async () => {
    const body = Buffer.concat([
      part('Content-Disposition: form-data; name="note"', 'texto'),
      part(
        `Content-Disposition: form-data; name="file"; filename="Água.ddd"\r\nContent-Type: application/octet-stream`,
        cardFile(),
      ),
      part('Content-Disposition: form-data; name="file"; filename="notas.txt"', 'não sou um DDD'),
      Buffer.from('--XyZ--\r\n'),
    ]);
    const answer = await post(body);
    expect(answer.status, answer.text).toBe(200);
    const { files, refused } = JSON.parse(answer.text) as {
      files: { id: number; filename: string }[];
      refused: { filename: string }[];
    };
    expect(files.map((file) => file.filename)).toEqual(['Água.ddd']);
    expect(refused.map((file) => file.filename)).toEqual(['notas.txt']);
    const stored = await download(server, f.gestor, `/tacho_file/${files[0].id}`);
    expect(stored.bytes.equals(cardFile())).toBe(true);
  });

  it('refuses a body cut short or without a file with a 400', async () => {
    const cut = await post(
      Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.ddd"\r\n\r\nabc'),
    );
    expect(cut.status).toBe(400);
    expect(cut.text).toMatch(/^Envio inválido: /);
    const fieldsOnly = await post(
      Buffer.concat([
        part('Content-Disposition: form-data; name="note"', 'texto'),
        Buffer.from('--XyZ--\r\n'),
      ]),
    );
    expect(fieldsOnly.status).toBe(400);
    expect(fieldsOnly.text).toBe('Nenhum ficheiro enviado');
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

  it('writes entries that read back byte for byte, in order, with UTF-8 names', () => {
    const random = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + (i >> 3) * 31) & 0xff));
    const repetitive = Buffer.alloc(20_000, 0x20);
    const zip = buildZip([
      { name: 'M_20260331_1742_AA-00-BB.DDD', bytes: repetitive },
      { name: 'Condutor João.DDD', bytes: random },
      { name: 'vazio.ddd', bytes: Buffer.alloc(0) },
    ]);
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
  });
});
