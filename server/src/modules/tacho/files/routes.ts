/**
 * The tachograph file calls (document 3 §7, issue 20 items 3–5), permission `tacho.files`:
 * - GET  /report/api.php/tacho_files                  the files the user sees
 * - POST /report/api.php/tacho_files/upload           store DDD files (multipart `file` parts, or a raw body)
 * - POST /report/api.php/tacho_files {fileIds}        the chosen files as one zip
 * - GET  /report/api.php/tacho_file/{id}              one file under its original name
 * - PUT  /report/api.php/tacho_files/{id}/periodicity the download schedule of that file's entity
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../../services/context';
import { assertCanWrite } from '../../../auth/guard';
import { badRequest, notFound } from '../../../errors';
import { fileEntity, listTachoFiles } from './fileRows';
import { storeTachoFile, TOO_LARGE } from './fileStore';
import { baseFileName } from '../ddd';
import { periodicityBody, saveSchedule, type PeriodicityInput } from './periodicity';
import {
  idParams,
  listQuery,
  messageAnswer,
  scheduleAnswer,
  tachoFileSchema,
  uploadAnswer,
  uploadQuery,
  zipBody,
} from './schemas';
import { addUploadParsers, MAX_UPLOAD_BYTES, uploadedFiles } from './uploadBody';
import { TACHO_FILES_PERMISSION, tachoFilesScope } from './visibility';
import { assertZipSize, fileContents, zipName } from './downloads';
import { buildZip, uniqueNames } from './zipWriter';

const BASE = '/report/api.php';
const tags = ['tachograph files'];
const refused = {
  401: messageAnswer,
  403: messageAnswer.describe('missing permission tacho.files (or read-only user, for writes)'),
};

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const sendFile = (reply: FastifyReply, type: string, name: string, bytes: Buffer) =>
  reply
    .header('content-type', type)
    .header('content-disposition', attachment(name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(bytes);

export function tachoFilesRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  // in a plugin of their own, so the upload body parsers apply to these routes only
  void app.register(async (scoped) => {
    await addUploadParsers(scoped);

    scoped.get(
      `${BASE}/tacho_files`,
      {
        schema: {
          tags,
          summary: 'Tachograph files (DDD) the user sees, newest download first (permission tacho.files)',
          description:
            'A file is visible to users who see the vehicle or driver it was linked to (among those its ' +
            'uploader sees), and to its uploader. ' +
            'Each row carries its entity’s schedule and `stale` (newest file of the entity older than 28 days ' +
            'for a driver card, 90 days for a vehicle unit).',
          querystring: listQuery,
          response: { 200: z.array(tachoFileSchema), ...refused },
        },
      },
      async (req) => {
        const scope = await tachoFilesScope(services, req);
        return listTachoFiles(db, scope, { search: (req.query as { search?: string }).search });
      },
    );

    scoped.post(
      `${BASE}/tacho_files/upload`,
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          tags,
          summary: 'Upload tachograph files (DDD: driver cards and vehicle units, Gen1 and Gen2)',
          description:
            'Either `multipart/form-data` with one or more file parts (field `file`, repeatable) — what a ' +
            'browser sends — or the raw bytes of one file as `application/octet-stream` with `?filename=`. ' +
            'Each file at most 5 MB, at most 100 files and 64 MB a request. Each file is read: a file that is ' +
            'not a tachograph download is refused with its reason. 200 when at least one file was stored ' +
            '(with the refused ones listed), else 400 with the reasons (`name: reason`, one a line). A driver ' +
            'card’s daily activity is imported for the driving-time counters. Permission tacho.files, not read-only.',
          consumes: ['multipart/form-data', 'application/octet-stream'],
          querystring: uploadQuery,
          body: z
            .any()
            .describe('multipart/form-data (file parts `file`) or application/octet-stream (one file)'),
          response: { 200: uploadAnswer, 400: messageAnswer, ...refused },
        },
      },
      async (req) => {
        const scope = await tachoFilesScope(services, req);
        assertCanWrite(scope, TACHO_FILES_PERMISSION);
        const files = await uploadedFiles(req, (req.query as { filename?: string }).filename);
        const ids: number[] = [];
        const refusedFiles: { filename: string; message: string }[] = [];
        for (const part of files) {
          if (part.tooLarge) {
            refusedFiles.push({ filename: baseFileName(part.fileName) || 'ficheiro', message: TOO_LARGE });
            continue;
          }
          const outcome = await storeTachoFile(db, scope, { fileName: part.fileName, bytes: part.bytes });
          if (outcome.ok) ids.push(outcome.id);
          else refusedFiles.push({ filename: outcome.filename, message: outcome.message });
        }
        if (!ids.length) throw badRequest(refusedFiles.map((r) => `${r.filename}: ${r.message}`).join('\n'));
        const rows = await listTachoFiles(db, scope, { ids });
        const byId = new Map(rows.map((r) => [r.id, r]));
        return {
          files: [...new Set(ids)].map((id) => byId.get(id)!).filter(Boolean),
          refused: refusedFiles,
        };
      },
    );

    scoped.post(
      `${BASE}/tacho_files`,
      {
        schema: {
          tags,
          summary: 'Download the chosen tachograph files as one zip',
          description:
            'The zip holds each file under its original name (a repeated name gets " (2)" before the ' +
            'extension); its own name is in Content-Disposition. 404 when a file is not visible; 400 when ' +
            'the files total more than 256 MB or more than 1000 are asked.',
          body: zipBody,
          response: {
            200: z.any().describe('application/zip'),
            400: messageAnswer,
            404: messageAnswer,
            ...refused,
          },
        },
      },
      async (req, reply) => {
        const scope = await tachoFilesScope(services, req);
        const ids = [...new Set((req.body as z.infer<typeof zipBody>).fileIds)];
        await assertZipSize(db, scope, ids);
        const files = await fileContents(db, scope, ids);
        const names = uniqueNames(files.map((f) => f.fileName));
        const zip = buildZip(
          files.map((f, i) => ({ name: names[i], bytes: f.content, time: f.downloadDate })),
        );
        return sendFile(reply, 'application/zip', zipName(), zip);
      },
    );

    scoped.get(
      `${BASE}/tacho_file/:id`,
      {
        schema: {
          tags,
          summary: 'One tachograph file, as a download under its original name',
          params: idParams,
          response: { 200: z.any().describe('application/octet-stream'), 404: messageAnswer, ...refused },
        },
      },
      async (req, reply) => {
        const scope = await tachoFilesScope(services, req);
        const [file] = await fileContents(db, scope, [(req.params as { id: number }).id]);
        return sendFile(reply, 'application/octet-stream', file.fileName, file.content);
      },
    );

    scoped.put(
      `${BASE}/tacho_files/:id/periodicity`,
      {
        schema: {
          tags,
          summary: 'Set the download schedule of the entity (driver card or vehicle unit) of file {id}',
          description:
            'Daily, Weekly, Monthly, Custom (with custom_days, 1 to 365) or Never; every file of the entity ' +
            'of the same owner (linked driver or vehicle, else uploader) shows it. Permission tacho.files, not read-only; 404 when the file is not visible.',
          params: idParams,
          body: periodicityBody,
          response: { 200: scheduleAnswer, 400: messageAnswer, 404: messageAnswer, ...refused },
        },
      },
      async (req) => {
        const scope = await tachoFilesScope(services, req);
        assertCanWrite(scope, TACHO_FILES_PERMISSION);
        const entity = await fileEntity(db, scope, (req.params as { id: number }).id);
        if (!entity) throw notFound();
        return saveSchedule(db, entity, req.body as PeriodicityInput);
      },
    );
  });
}
