/**
 * Documents and their files (document 3 §2, §3, §5, §7; issue 17 point 2): JSON upload with a data URL, the
 * type checked on the bytes (pdf, jpg, png), the 5 MB limit, the file read back byte for byte inline or as a
 * download, never by another user, and every management row removed with its vehicle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@frota/core';
import { dialects, startTestServer, type TestServer } from '../../harness';
import { API, buildManagementFleet, type ManagementFleet } from '../../managementFleet';
import { samplePdf, samplePng } from '../../../src/modules/management/sampleFiles';

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
/** A JPEG's first bytes (SOI + JFIF APP0) followed by filler: enough for content sniffing. */
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]),
  Buffer.alloc(64, 7),
  Buffer.from([0xff, 0xd9]),
]);

describe.each(dialects())('management: documents and files (%s)', (dialect) => {
  let server: TestServer;
  let f: ManagementFleet;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await buildManagementFleet(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const doc = (file: unknown, over: Record<string, unknown> = {}) => ({
    designation: 'Apólice de seguro 2026',
    document_type: 'insurance',
    warning: 1,
    expiry_date: addDays(f.today, 10),
    file,
    ...over,
  });

  it('stores a PDF and a PNG and reads them back byte for byte', async () => {
    const pdf = samplePdf('Apolice 2026');
    const created = await f.gestor.post(
      `${API}/document/${f.truck}`,
      doc({
        name: 'Apólice seguro.pdf',
        size: pdf.length,
        type: 'application/pdf',
        content: dataUrl('application/pdf', pdf),
      }),
    );
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      deviceId: f.truck,
      date_start: f.today,
      document_type: 'insurance',
      file_type: 'pdf',
      file_name: 'Apolice_seguro.pdf',
      file_size: pdf.length,
      license_plate: 'LD-11-22-AA',
      expiry_days: 10,
      expiry_state: 'soon',
    });
    const inline = await fetch(`${server.base}${API}/file/${created.body.id}`, {
      headers: { cookie: f.gestor.cookie },
    });
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; filename=".+\.pdf"$/);
    expect(Buffer.from(await inline.arrayBuffer()).equals(pdf)).toBe(true);
    const download = await fetch(`${server.base}${API}/file/${created.body.id}/LD-11-22-AA`, {
      headers: { cookie: f.gestor.cookie },
    });
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="LD-11-22-AA_insurance_${f.today}.pdf"`,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);

    // a camera capture arrives as a JPEG data URL without a name; a PNG as bare base64
    const photo = await f.gestor.post(
      `${API}/document/${f.truck}`,
      doc(
        { content: dataUrl('image/jpeg', jpeg) },
        { document_type: 'inspection', warning: 0, date_start: '2026-01-05' },
      ),
    );
    expect(photo.body).toMatchObject({ file_type: 'jpg', file_name: 'documento.jpg', expiry_date: null });
    const png = samplePng(40, 30, [10, 20, 30]);
    const image = await f.gestor.post(
      `${API}/document/${f.truck}`,
      doc({ name: 'cert.png', content: png.toString('base64') }, { document_type: 'other' }),
    );
    const read = await fetch(`${server.base}${API}/file/${image.body.id}?download=1`, {
      headers: { cookie: f.gestor.cookie },
    });
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(Buffer.from(await read.arrayBuffer()).equals(png)).toBe(true);

    const list = await f.gestor.get(`${API}/document/${f.truck}`);
    expect(list.body.map((d: { id: number }) => d.id)).toEqual([
      image.body.id,
      created.body.id,
      photo.body.id,
    ]);

    // edit without a file keeps it; with a file replaces it
    const edited = await f.gestor.put(`${API}/document/${f.truck}/${created.body.id}`, {
      designation: 'Apólice renovada',
      document_type: 'insurance',
      warning: 0,
    });
    expect(edited.body).toMatchObject({ designation: 'Apólice renovada', file_type: 'pdf', warning: 0 });
    const replaced = await f.gestor.put(
      `${API}/document/${f.truck}/${created.body.id}`,
      doc({ name: 'novo.png', content: dataUrl('image/png', png) }),
    );
    expect(replaced.body).toMatchObject({ file_type: 'png', file_size: png.length });
    const after = await fetch(`${server.base}${API}/file/${created.body.id}`, {
      headers: { cookie: f.gestor.cookie },
    });
    expect(Buffer.from(await after.arrayBuffer()).equals(png)).toBe(true);

    // nobody else reads it
    expect((await f.outro.get(`${API}/file/${created.body.id}`)).status).toBe(404);
    expect((await f.outro.get(`${API}/file/${created.body.id}/LD-11-22-AA`)).status).toBe(404);
    expect((await f.semPermissao.get(`${API}/file/${created.body.id}`)).status).toBe(403);
    expect((await server.client().get(`${API}/file/${created.body.id}`)).status).toBe(401);
    expect((await f.leitor.get(`${API}/file/${created.body.id}`)).status).toBe(200);
    expect(
      (await f.leitor.post(`${API}/document/${f.truck}`, doc({ content: dataUrl('image/png', png) }))).status,
    ).toBe(403);
    expect(
      (await f.outro.post(`${API}/document/${f.truck}`, doc({ content: dataUrl('image/png', png) }))).status,
    ).toBe(404);

    expect((await f.gestor.del(`${API}/document/${f.truck}/${photo.body.id}`)).status).toBe(204);
    expect((await f.gestor.get(`${API}/file/${photo.body.id}`)).status).toBe(404);
  });

  it('refuses a 6 MB file, disguised files and missing fields with the Portuguese messages', async () => {
    const big = Buffer.concat([samplePdf('big'), Buffer.alloc(6 * 1024 * 1024 - 1000, 32)]);
    const tooBig = await f.gestor.post(
      `${API}/document/${f.van}`,
      doc({ name: 'big.pdf', content: dataUrl('application/pdf', big) }),
    );
    expect([tooBig.status, tooBig.text]).toEqual([400, 'O tamanho máximo permitido é de 5 MB']);
    // exactly the limit is accepted
    const limit = Buffer.concat([
      samplePdf('limit'),
      Buffer.alloc(5_242_880 - samplePdf('limit').length, 32),
    ]);
    const atLimit = await f.gestor.post(
      `${API}/document/${f.van}`,
      doc({ name: 'l.pdf', content: dataUrl('application/pdf', limit) }),
    );
    expect(atLimit.status, atLimit.text).toBe(200);
    expect(atLimit.body.file_size).toBe(5_242_880);

    const text = Buffer.from('Isto não é um PDF, apenas texto.\n'.repeat(20));
    const exe = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(62),
      Buffer.from('PE\0\0'),
      Buffer.alloc(200, 1),
    ]);
    exe.writeUInt32LE(64, 60);
    for (const [name, bytes] of [
      ['contrato.pdf', text],
      ['foto.jpg', exe],
      ['scan.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ] as const) {
      const r = await f.gestor.post(
        `${API}/document/${f.van}`,
        doc({ name, type: 'application/pdf', content: dataUrl('application/pdf', bytes) }),
      );
      expect([r.status, r.text], name).toEqual([400, 'Tipo de ficheiro inválido (apenas pdf, jpg e png)']);
    }
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ file: undefined }, 'Deve indicar o ficheiro'],
      [{ designation: '' }, 'Deve indicar a descrição'],
      [{ document_type: 'passaporte' }, 'Deve indicar o tipo de documento'],
      [{ expiry_date: '' }, 'Deve indicar a data de validade'],
    ];
    const png = samplePng(4, 4, [0, 0, 0]);
    for (const [over, message] of cases) {
      const r = await f.gestor.post(
        `${API}/document/${f.van}`,
        doc({ content: dataUrl('image/png', png) }, over),
      );
      expect([r.status, r.text]).toEqual([400, message]);
    }
    expect((await f.gestor.get(`${API}/document/${f.van}`)).body.map((d: { id: number }) => d.id)).toEqual([
      atLimit.body.id,
    ]);
  });

  it('removes every management row of a deleted vehicle', async () => {
    const doomed = (await f.admin.post('/api/devices', { name: 'Abate', uniqueId: 'mgmt-doomed' })).body.id;
    await f.admin.post(`${API}/maintenance/${doomed}`, {
      date_start: f.today,
      complete: 0,
      description: 'Última revisão',
      km: 1,
    });
    await f.admin.post(`${API}/cost/${doomed}`, {
      cost_date: f.today,
      cost_type: 'tax',
      designation: 'Taxa',
      cost: 1,
    });
    const d = await f.admin.post(
      `${API}/document/${doomed}`,
      doc({ content: dataUrl('image/png', samplePng(2, 2, [1, 2, 3])) }),
    );
    expect(d.status, d.text).toBe(200);
    const k = server.services.db.kysely;
    const count = async (table: 'maintenances' | 'costs' | 'documents') =>
      (await k.selectFrom(table).select('id').where('deviceId', '=', doomed).execute()).length;
    expect([await count('maintenances'), await count('costs'), await count('documents')]).toEqual([1, 1, 1]);
    expect((await f.admin.del(`/api/devices/${doomed}`)).status).toBe(204);
    expect([await count('maintenances'), await count('costs'), await count('documents')]).toEqual([0, 0, 0]);
    const files = await k
      .selectFrom('documentFiles')
      .select('documentId')
      .where('documentId', '=', d.body.id)
      .execute();
    expect(files).toEqual([]);
  });
});
