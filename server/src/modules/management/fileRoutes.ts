/**
 * GET /report/api.php/file/{documentId}[/{licensePlate}] (document 3 §7): a document's stored file with its
 * content type; inline for display, as a download with a clean name on the licence-plate form or with
 * ?download=1. Only documents of vehicles the user sees (404 otherwise).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FILE_MIME, type FileType } from '@frota/core';
import { fileHeaders } from '../../services/fileHeaders';
import type { Services } from '../../services/context';
import { whereVisible } from '../../auth/policy';
import { notFound } from '../../errors';
import { managementScope } from './access';
import { messageAnswer } from './schemas';

const BASE = '/report/api.php';

const fileQuery = z.object({
  download: z.string().optional().describe('1: answer as an attachment'),
  inline: z.string().optional().describe('1: answer inline even on the licence-plate form'),
});

const safe = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** `<plate>_<type>_<date>.<ext>`, or the stored name when there is no plate. */
export function downloadName(plate: string | null, type: string, date: string, ext: string, stored: string) {
  const base = [plate, type, date]
    .filter(Boolean)
    .map((p) => safe(String(p)))
    .filter(Boolean)
    .join('_');
  return plate ? `${base}.${ext}` : stored || `${base}.${ext}`;
}

export function fileRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const schema = (withPlate: boolean) => ({
    tags: ['management'],
    summary: withPlate
      ? "Download a document's file named after the licence plate (permission management.summary)"
      : "A document's file, inline (permission management.summary)",
    params: z.object({
      documentId: z.coerce.number().int().positive(),
      ...(withPlate ? { licensePlate: z.string() } : {}),
    }),
    querystring: fileQuery,
    response: { 403: messageAnswer, 404: messageAnswer },
  });

  const send = async (req: FastifyRequest, reply: FastifyReply, attachment: boolean) => {
    const scope = await managementScope(services, req);
    const { documentId, licensePlate } = req.params as { documentId: number; licensePlate?: string };
    let q = db.kysely
      .selectFrom('documents')
      .innerJoin('documentFiles', 'documentFiles.documentId', 'documents.id')
      .select([
        'documents.deviceId',
        'documents.fileType',
        'documents.fileName',
        'documents.documentType',
        'documents.dateStart',
        'documentFiles.content',
      ])
      .where('documents.id', '=', documentId);
    q = whereVisible(q, 'documents.deviceId', db, scope, 'devices');
    const row = await q.executeTakeFirst();
    if (!row) throw notFound();
    const { download, inline } = req.query as { download?: string; inline?: string };
    const asAttachment = download === '1' || (attachment && inline !== '1');
    const type = row.fileType as FileType;
    const name = downloadName(
      licensePlate?.trim() || null,
      row.documentType,
      row.dateStart,
      type,
      row.fileName,
    );
    return fileHeaders(reply, FILE_MIME[type] ?? 'application/octet-stream', name, !asAttachment)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(row.content));
  };

  app.get(`${BASE}/file/:documentId`, { schema: schema(false) }, (req, reply) => send(req, reply, false));
  app.get(`${BASE}/file/:documentId/:licensePlate`, { schema: schema(true) }, (req, reply) =>
    send(req, reply, true),
  );
}
