/**
 * The media calls of document 3 §7: the bytes of one photo or video (media/{id} inline,
 * media/{id}/{vehicle name} as a download), with HTTP ranges so the browser can seek in a video, and
 * DELETE media. Only media of vehicles the user sees (404 otherwise).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services/context';
import type { Scope } from '../../auth/policy';
import { whereVisible } from '../../auth/policy';
import { badRequest, notFound } from '../../errors';
import { deleteCameraMedia, loadMediaContent } from './media/mediaStore';
import { announceCameraMedia } from './media/liveMedia';
import { assertCameraWrite, cameraScope } from './access';
import { parseRange } from './byteRange';
import { fileHeaders } from '../../services/fileHeaders';
import { BASE } from './cameraRoutes';
import {
  deleteAnswer,
  deleteBody,
  deleteQuery,
  mediaNameParams,
  mediaParams,
  mediaQuerystring,
  mediaStatusAnswer,
  messageAnswer,
} from './schemas';

export const MEDIA_PROCESSING = 'Vídeo em processamento';
export const MEDIA_FAILED = 'Falha na conversão do vídeo';
export const MEDIA_ID_REQUIRED = 'id: the media id is required (body or ?id=)';
/** Seconds a client should wait before asking again for a video being converted. */
const RETRY_AFTER_S = 5;

/** A media row of a vehicle the scope sees, or 404. */
async function visibleMedia(services: Services, scope: Scope, id: number) {
  const { db } = services;
  let q = db.kysely
    .selectFrom('cameraMedia')
    .select(['cameraMedia.id', 'cameraMedia.deviceId', 'cameraMedia.status', 'cameraMedia.fileName'])
    .where('cameraMedia.id', '=', id);
  q = whereVisible(q, 'cameraMedia.deviceId', db, scope, 'devices');
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return { id: Number(row.id), deviceId: Number(row.deviceId), status: row.status, fileName: row.fileName };
}

/** Letters, digits, dot, dash and underscore only: safe in a header and a file system. */
export function safeName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '');
}

export function mediaRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const tags = ['cameras'];
  const refused = {
    400: messageAnswer,
    403: messageAnswer.describe('missing permission module.cameras'),
    404: messageAnswer.describe('no such media among those of the vehicles the user sees'),
  };

  const send = async (req: FastifyRequest, reply: FastifyReply, attachment: boolean) => {
    const scope = await cameraScope(services, req);
    const { id, name } = req.params as { id: number; name?: string };
    const media = await visibleMedia(services, scope, id);
    if (media.status === 'processing')
      return reply
        .code(202)
        .header('retry-after', String(RETRY_AFTER_S))
        .header('cache-control', 'no-store')
        .send({ status: 'processing', message: MEDIA_PROCESSING });
    const content = media.status === 'ready' ? await loadMediaContent(db, id) : undefined;
    if (!content) return reply.code(422).send({ status: 'failed', message: MEDIA_FAILED });

    const { download, inline } = req.query as { download?: string; inline?: string };
    const asAttachment = download === '1' || (attachment && inline !== '1');
    const prefix = name ? safeName(name) : '';
    const fileName = prefix ? `${prefix}_${media.fileName}` : media.fileName;
    const size = content.bytes.length;
    fileHeaders(reply, content.mime, fileName, !asAttachment)
      .header('accept-ranges', 'bytes')
      .header('etag', `"media-${id}-${size}"`)
      .header('cache-control', 'private, max-age=3600');
    const range = parseRange(req.headers.range, size);
    if (range.kind === 'unsatisfiable')
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    if (range.kind === 'partial')
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .send(content.bytes.subarray(range.start, range.end + 1));
    return reply.send(content.bytes);
  };

  const answers = {
    202: mediaStatusAnswer.describe(
      `video still being converted: {status: processing, message: ${MEDIA_PROCESSING}}`,
    ),
    416: messageAnswer.describe('range not satisfiable; Content-Range: bytes */size'),
    422: mediaStatusAnswer.describe(`conversion failed: {status: failed, message: ${MEDIA_FAILED}}`),
    ...refused,
  };

  app.get(
    `${BASE}/media/:id`,
    {
      compress: false,
      schema: {
        tags,
        summary: 'A photo or video, inline (permission module.cameras)',
        description:
          '200: the bytes with their content type (image/jpeg, video/mp4). A single Range (bytes=a-b, a-, -n) answers 206 with ' +
          'Content-Range; a range past the end 416. ?download=1 answers as an attachment.',
        params: mediaParams,
        querystring: mediaQuerystring,
        response: answers,
      },
    },
    (req, reply) => send(req, reply, false),
  );

  app.get(
    `${BASE}/media/:id/:name`,
    {
      compress: false,
      schema: {
        tags,
        summary: 'A photo or video as a download named <vehicle name>_<file name> (module.cameras)',
        description: 'As media/{id}, with Content-Disposition attachment; ?inline=1 answers inline.',
        params: mediaNameParams,
        querystring: mediaQuerystring,
        response: answers,
      },
    },
    (req, reply) => send(req, reply, true),
  );

  const remove = async (req: FastifyRequest, id: number | undefined) => {
    const scope = await cameraScope(services, req);
    assertCameraWrite(scope);
    if (id === undefined) throw badRequest(MEDIA_ID_REQUIRED);
    const media = await visibleMedia(services, scope, id);
    await deleteCameraMedia(db, media.id);
    announceCameraMedia(services.live, media.id, media.deviceId);
    return { success: true as const, id: media.id };
  };

  app.delete(
    `${BASE}/media`,
    {
      schema: {
        tags,
        summary: 'Remove a photo or video (body {id} or ?id=)',
        description:
          'Needs module.cameras and a user that is not read-only. The bytes go with the row; open camera ' +
          'screens are told (live message cameraMedia).',
        body: deleteBody,
        querystring: deleteQuery,
        response: { 200: deleteAnswer, ...refused },
      },
    },
    async (req) => {
      const body = req.body as { id?: number } | undefined;
      const query = req.query as { id?: number };
      return remove(req, body?.id ?? query.id);
    },
  );

  app.delete(
    `${BASE}/media/:id`,
    {
      schema: {
        tags,
        summary: 'Remove a photo or video by id in the path',
        description: 'As DELETE media with the id in the body.',
        params: mediaParams,
        response: { 200: deleteAnswer, ...refused },
      },
    },
    async (req) => remove(req, (req.params as { id: number }).id),
  );
}
