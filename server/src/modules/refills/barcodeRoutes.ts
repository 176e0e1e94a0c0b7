/**
 * POST /report/barcode_pdf.php (labels of stations or vehicles, one page each) and
 * GET /report/barcode.php?text=…&type=device (a code's PNG) — document 3 §7, at exactly those paths.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services/context';
import { badRequest, notFound } from '../../errors';
import { assertVehicle, clientUserIds, refillScope } from './access';
import { codePng, labelsPdf, type Label } from './barcodes';
import { listStations } from './stationRows';
import { parseJson } from '../../db/mapping';
import { barcodePdfBody, barcodeQuery, messageAnswer } from './schemas';

export const MAX_LABELS = 500;

const idList = (v: unknown): number[] => {
  const items = Array.isArray(v) ? v : String(v ?? '').split(',');
  const ids = items.map((s) => Number(String(s).trim())).filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
};

export function barcodeRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const tags = ['refill barcodes'];

  app.post(
    '/report/barcode_pdf.php',
    {
      schema: {
        tags,
        summary: 'Labels PDF of stations (itemsType S) or vehicles (V): one page per item',
        description:
          'Each page: the name, the plate (vehicles) or code (stations), the code as a Code-128 barcode and ' +
          `as a QR code. The body may be JSON or a form (devices as a comma list). At most ${MAX_LABELS} items.`,
        body: barcodePdfBody,
        response: {
          200: z.any().describe('application/pdf'),
          400: messageAnswer,
          403: messageAnswer,
          404: messageAnswer.describe('an item the user does not see'),
        },
      },
    },
    async (req, reply) => {
      const scope = await refillScope(services, req, true);
      const { devices, itemsType } = req.body as { devices: unknown; itemsType: 'S' | 'V' };
      const ids = idList(devices);
      if (!ids.length || ids.length > MAX_LABELS) throw badRequest('Seleccione os itens');
      let labels: Label[];
      if (itemsType === 'S') {
        const stations = await listStations(db, await clientUserIds(db, scope));
        const byId = new Map(stations.map((s) => [s.id, s]));
        labels = ids.map((id) => {
          const s = byId.get(id);
          if (!s) throw notFound();
          return { name: s.name, plate: s.code, code: s.code };
        });
      } else {
        for (const id of ids) await assertVehicle(db, scope, id);
        const rows = await db.kysely
          .selectFrom('devices')
          .leftJoin('refillDevices', 'refillDevices.deviceId', 'devices.id')
          .select(['devices.id', 'devices.name', 'devices.attributes', 'refillDevices.code'])
          .where('devices.id', 'in', ids)
          .execute();
        const byId = new Map(rows.map((r) => [Number(r.id), r]));
        labels = ids.map((id) => {
          const r = byId.get(id)!;
          const plate = parseJson(r.attributes).license_plate;
          const plateText = typeof plate === 'string' ? plate.trim() : '';
          return { name: r.name, plate: plateText, code: r.code || plateText || r.name };
        });
      }
      const pdf = await labelsPdf(labels, itemsType === 'S' ? 'Postos' : 'Viaturas');
      reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `inline; filename="${itemsType === 'S' ? 'stations' : 'vehicles'}.pdf"`,
        )
        .header('cache-control', 'no-store');
      return reply.send(pdf);
    },
  );

  app.get(
    '/report/barcode.php',
    {
      schema: {
        tags,
        summary: 'PNG of a code: QR (type=device, the default) or Code-128 (type=barcode)',
        description: 'size: pixels of the QR image (default 500, the download size).',
        querystring: barcodeQuery,
        response: { 200: z.any().describe('image/png'), 400: messageAnswer, 401: messageAnswer },
      },
    },
    async (req, reply) => {
      await refillScope(services, req);
      const { text, type, size } = req.query as { text: string; type: string; size: number };
      let png: Buffer;
      try {
        png = await codePng(text, type === 'barcode' ? 'code128' : 'qrcode', size);
      } catch {
        throw badRequest('Código inválido');
      }
      reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=3600');
      return reply.send(png);
    },
  );
}
