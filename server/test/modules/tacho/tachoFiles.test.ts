/**
 * Tachograph files (document 3 §2, §3, §7; issue 20 items 3–5): DDD upload from a browser (several at once) and
 * from an API client, what is stored per file, non-DDD refused, the list, the zip of the chosen files and the
 * single download under their names, and the access policy (another user sees nothing and gets 404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type TestServer } from '../../harness';
import { fromBool } from '../../../src/db/mapping';
import { scopeFor } from '../../../src/auth/policy';
import { userJson } from '../../../src/db/rows';
import { assertZipSize, ZIP_TOO_LARGE } from '../../../src/modules/tacho/files/downloads';
import {
  API,
  NOT_DDD,
  buildTachoFleet,
  cardFile,
  cardNumberOf,
  download,
  unzip,
  uploadFiles,
  uploadRaw,
  vuFile,
  workDays,
  type TachoFleet,
} from '../../tachoFilesFleet';

describe.each(dialects())('tachograph files: store, list, download (%s)', (dialect) => {
  let server: TestServer;
  let f: TachoFleet;
  const card = cardFile();
  const vu = vuFile({ days: workDays('2026-03-29', 3) });
  const CARD_NAME = 'C_20260302_0815_J_GONCALVES_P0000012345670.DDD';
  const VU_NAME = 'M_20260331_1742_AA-00-BB.DDD';
  let cardId: number;
  let vuId: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await buildTachoFleet(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores several files uploaded at once, with what their content says, linked to driver and vehicle', async () => {
    const up = await uploadFiles(server, f.gestor, [
      { name: CARD_NAME, bytes: card },
      { name: VU_NAME, bytes: vu },
    ]);
    expect(up.status, up.text).toBe(200);
    expect(up.body.refused).toEqual([]);
    const [c, v] = up.body.files;
    expect(c).toMatchObject({
      filename: CARD_NAME,
      name: 'João Gonçalves',
      file_type: 'D',
      download_date: '2026-03-02T08:15:00.000Z',
      data_from: '2026-02-01',
      data_to: '2026-02-03',
      days: 3,
      file_size: card.length,
      card_number: cardNumberOf(card),
      entity_key: `D:${cardNumberOf(card)}`,
      driverId: f.driver,
      deviceId: null,
      generation: 1,
      periodicity: 'Never',
    });
    expect(v).toMatchObject({
      filename: VU_NAME,
      name: 'AA-00-BB',
      file_type: 'V',
      download_date: '2026-03-31T17:42:10.000Z',
      data_from: '2026-03-29',
      data_to: '2026-03-31',
      days: 3,
      file_size: vu.length,
      license_plate: 'AA-00-BB',
      vin: 'WDB9634031L123456',
      entity_key: 'V:WDB9634031L123456',
      deviceId: f.truck,
      driverId: null,
    });
    cardId = c.id;
    vuId = v.id;
  });

  it('takes a raw body from an API client, named by ?filename=, and keeps one copy of the same bytes', async () => {
    const gen2 = cardFile({ generation: 2, days: workDays('2026-02-10', 2) });
    const first = await uploadRaw(server, f.gestor, 'cartao gen2.ddd', gen2);
    expect(first.status, first.text).toBe(200);
    expect(first.body.files[0]).toMatchObject({ filename: 'cartao gen2.ddd', generation: 2, days: 2 });
    const again = await uploadRaw(server, f.gestor, 'outro nome.ddd', gen2);
    expect(again.status).toBe(200);
    expect(again.body.files[0].id).toBe(first.body.files[0].id);
    const list = await f.gestor.get(`${API}/tacho_files`);
    expect(list.body.filter((r: { file_size: number }) => r.file_size === gen2.length)).toHaveLength(1);
  });

  it('refuses what is not a tachograph file with a clear message (400), and too large a file', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n');
    const alone = await uploadFiles(server, f.gestor, [{ name: 'fatura.pdf', bytes: pdf }]);
    expect(alone.status).toBe(400);
    expect(alone.text).toBe(`fatura.pdf: ${NOT_DDD}`);
    const raw = await uploadRaw(server, f.gestor, 'vazio.ddd', Buffer.alloc(0));
    expect(raw.status).toBe(400);
    expect(raw.text).toBe('vazio.ddd: O ficheiro está vazio');
    const big = await uploadRaw(server, f.gestor, 'grande.ddd', Buffer.alloc(5_242_881, 1));
    expect(big.status).toBe(400);
    expect(big.text).toBe('grande.ddd: O tamanho máximo permitido é de 5 MB');
    // several large parts in one browser upload (above the 10 MB of other calls): each judged on its own
    const many = await uploadFiles(server, f.gestor, [
      { name: 'a.ddd', bytes: Buffer.alloc(4_500_000, 2) },
      { name: 'b.ddd', bytes: Buffer.alloc(5_242_881, 3) },
      { name: 'c.ddd', bytes: Buffer.alloc(4_500_000, 4) },
    ]);
    expect(many.status).toBe(400);
    expect(many.text).toBe(
      [`a.ddd: ${NOT_DDD}`, 'b.ddd: O tamanho máximo permitido é de 5 MB', `c.ddd: ${NOT_DDD}`].join('\n'),
    );

    // with a good file beside it, the good one is stored and the other listed as refused
    const mixed = await uploadFiles(server, f.gestor, [
      { name: 'notas.txt', bytes: Buffer.from('não sou um DDD') },
      { name: 'frota.ddd', bytes: vuFile({ vrn: 'CC-11-DD', vin: 'VF1AAAAA555555555' }) },
    ]);
    expect(mixed.status, mixed.text).toBe(200);
    expect(mixed.body.refused).toEqual([{ filename: 'notas.txt', message: NOT_DDD }]);
    expect(mixed.body.files.map((r: { name: string }) => r.name)).toEqual(['CC-11-DD']);
    const names = (await f.gestor.get(`${API}/tacho_files`)).body.map(
      (r: { filename: string }) => r.filename,
    );
    expect(names).not.toContain('notas.txt');
    expect(names).not.toContain('fatura.pdf');
  });

  it('lists the files with the columns of §2, newest download first, searchable by entity or plate', async () => {
    const list = await f.gestor.get(`${API}/tacho_files`);
    expect(list.status).toBe(200);
    const downloads = list.body.map((r: { download_date: string }) => r.download_date);
    expect([...downloads].sort().reverse()).toEqual(downloads);
    const byPlate = await f.gestor.get(`${API}/tacho_files?search=${encodeURIComponent('aa-00')}`);
    expect(byPlate.body.map((r: { id: number }) => r.id)).toEqual([vuId]);
    const byName = await f.gestor.get(`${API}/tacho_files?search=${encodeURIComponent('JOAO GONC')}`);
    expect(byName.body.map((r: { id: number }) => r.id)).toContain(cardId);
    expect(byName.body.every((r: { file_type: string }) => r.file_type === 'D')).toBe(true);
  });

  it('downloads the chosen files as one zip with the right entries, and one file under its name', async () => {
    const zip = await download(server, f.gestor, '/tacho_files', { fileIds: [cardId, vuId] });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tacho_files_\d{8}_\d{4}\.zip"; filename\*=UTF-8''tacho_files_\d{8}_\d{4}\.zip$/,
    );
    const entries = unzip(zip.bytes);
    expect(entries.map((e) => e.name)).toEqual([CARD_NAME, VU_NAME]);
    expect(entries[0].bytes.equals(card)).toBe(true);
    expect(entries[1].bytes.equals(vu)).toBe(true);

    const one = await download(server, f.gestor, `/tacho_file/${vuId}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('content-disposition')).toBe(
      `attachment; filename="${VU_NAME}"; filename*=UTF-8''${VU_NAME}`,
    );
    expect(one.bytes.equals(vu)).toBe(true);

    // the same name twice in one zip stays two entries
    const twice = await uploadRaw(server, f.gestor, CARD_NAME, cardFile({ days: workDays('2026-02-20', 1) }));
    const dup = await download(server, f.gestor, '/tacho_files', {
      fileIds: [cardId, twice.body.files[0].id],
    });
    expect(unzip(dup.bytes).map((e) => e.name)).toEqual([CARD_NAME, CARD_NAME.replace('.DDD', ' (2).DDD')]);

    // a selection above the zip's size limit is refused before anything is read
    const adminRow = await server.services.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('administrator', '=', fromBool(dialect, true) as never)
      .executeTakeFirstOrThrow();
    const scope = await scopeFor(server.services.db, userJson(adminRow));
    await expect(
      assertZipSize(server.services.db, scope, [cardId, vuId], card.length + vu.length),
    ).resolves.toBe(undefined);
    await expect(
      assertZipSize(server.services.db, scope, [cardId, vuId], card.length + vu.length - 1),
    ).rejects.toMatchObject({ statusCode: 400, message: ZIP_TOO_LARGE });

    expect((await f.gestor.post(`${API}/tacho_files`, { fileIds: [] })).status).toBe(400);
    expect((await f.gestor.post(`${API}/tacho_files`, { fileIds: ['x'] })).status).toBe(400);
  });

  it('shows another user none of these files and answers 404 by id', async () => {
    const list = await f.outro.get(`${API}/tacho_files`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect((await download(server, f.outro, `/tacho_file/${cardId}`)).status).toBe(404);
    expect((await download(server, f.outro, '/tacho_files', { fileIds: [vuId] })).status).toBe(404);
    expect(
      (await f.outro.put(`${API}/tacho_files/${vuId}/periodicity`, { periodicity: 'Daily' })).status,
    ).toBe(404);

    // a file he uploads for a vehicle he does not see is his alone: not linked, not shown to the truck's users
    const his = await uploadRaw(
      server,
      f.outro,
      'camiao.ddd',
      vuFile({ downloadTime: Date.parse('2026-04-01T10:00:00Z') / 1000 }),
    );
    expect(his.status, his.text).toBe(200);
    expect(his.body.files[0]).toMatchObject({ deviceId: null, driverId: null });
    expect((await f.outro.get(`${API}/tacho_files`)).body.map((r: { id: number }) => r.id)).toEqual([
      his.body.files[0].id,
    ]);
    expect((await f.gestor.get(`${API}/tacho_files`)).body.map((r: { id: number }) => r.id)).not.toContain(
      his.body.files[0].id,
    );

    // a user who sees the truck (not the driver) sees the vehicle unit file only
    const leitor = await f.leitor.get(`${API}/tacho_files`);
    expect(leitor.body.map((r: { id: number }) => r.id)).toContain(vuId);
    expect(leitor.body.map((r: { id: number }) => r.id)).not.toContain(cardId);
    // ...and a card file uploaded after a tracker reported that card in the truck (tacho_drivers): linked to
    // the truck; a file is never shown by the card number it bears (issue 33), so the earlier card file stays
    // the driver's users' only
    const now = Date.now();
    const reported = cardFile({ cardNumber: 'P0000099999990', surname: 'Reportado' });
    for (const cardNumber of [cardNumberOf(card), cardNumberOf(reported)])
      await server.services.db.kysely
        .insertInto('tachoDrivers')
        .values({
          cardNumber,
          name: 'JOAO',
          surname: 'GONCALVES',
          deviceId: f.truck,
          licensePlate: 'AA-00-BB',
          slot: 1,
          lastSeen: now,
          workingState: 3,
          cardPresent: null,
          counters: '{}',
          countersTime: null,
          updatedAt: now,
        })
        .execute();
    const linked = await uploadRaw(server, f.gestor, 'reportado.ddd', reported);
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body.files[0]).toMatchObject({ deviceId: f.truck, driverId: null });
    const leitorIds = (await f.leitor.get(`${API}/tacho_files`)).body.map((r: { id: number }) => r.id);
    expect(leitorIds).toContain(linked.body.files[0].id);
    expect(leitorIds).not.toContain(cardId);
    expect((await f.outro.get(`${API}/tacho_files`)).body.map((r: { id: number }) => r.id)).not.toContain(
      cardId,
    );
    // the administrator sees everything
    const all = (await f.admin.get(`${API}/tacho_files`)).body.map((r: { id: number }) => r.id);
    expect(all).toEqual(
      expect.arrayContaining([cardId, vuId, his.body.files[0].id, linked.body.files[0].id]),
    );
  });

  it('needs the tacho.files permission, a session, and a writer for uploads', async () => {
    expect((await f.semPermissao.get(`${API}/tacho_files`)).status).toBe(403);
    expect((await download(server, f.semPermissao, `/tacho_file/${vuId}`)).status).toBe(403);
    expect((await server.client().get(`${API}/tacho_files`)).status).toBe(401);
    const readOnly = await uploadFiles(server, f.leitor, [
      { name: 'x.ddd', bytes: vuFile({ vrn: 'EE-22-FF' }) },
    ]);
    expect(readOnly.status).toBe(403);
  });

  it('documents the calls in OpenAPI, the upload as multipart or raw bytes', async () => {
    const doc = (await f.admin.get('/api/openapi.json')).body;
    const upload = doc.paths['/report/api.php/tacho_files/upload'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(
      expect.arrayContaining(['multipart/form-data', 'application/octet-stream']),
    );
    expect(
      doc.paths['/report/api.php/tacho_files'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('fileIds');
    expect(doc.paths['/report/api.php/tacho_file/{id}'].get.summary).toMatch(/original name/);
    expect(doc.paths['/report/api.php/tacho_files/{id}/periodicity'].put).toBeDefined();
  });
});
