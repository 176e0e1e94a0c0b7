/**
 * POST /api/devices/{id}/image: stores the picture of a device (JPEG, PNG, GIF or WebP, recognised by its
 * bytes, at most 500 000 bytes as Traccar) and answers its file name (`device.png`), which Traccar's client
 * keeps in the device's `deviceImage` attribute. GET /api/media/{uniqueId}/{file} serves it back to users
 * who see the device (the address Traccar's client reads it from).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../../services/context';
import { assertCanWrite, requireScope } from '../../../auth/guard';
import { canSee, whereVisible } from '../../../auth/policy';
import { badRequest, notFound } from '../../../errors';
import { recordAction } from '../../../auth/audit';
import { fileHeaders } from '../../../services/fileHeaders';

export const IMAGE_SIZE_LIMIT = 500_000;

const startsWith = (bytes: Buffer, prefix: number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type of the bytes, or undefined when they are none of the four Traccar accepts. */
export function imageType(bytes: Buffer): { mime: string; extension: string } | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', extension: 'png' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')))
    return { mime: 'image/gif', extension: 'gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { mime: 'image/webp', extension: 'webp' };
  return undefined;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export function deviceImageRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const k = db.kysely;
  void app.register(async (scoped) => {
    scoped.addContentTypeParser(
      /^image\//,
      { parseAs: 'buffer', bodyLimit: IMAGE_SIZE_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scoped.post(
      '/api/devices/:id/image',
      {
        schema: {
          tags: ['devices'],
          summary: 'Store the picture of a device (image/jpeg, png, gif or webp; at most 500 000 bytes)',
          params: z.object({ id: z.coerce.number().int().positive() }),
        },
      },
      async (req, reply) => {
        const scope = await requireScope(services, req);
        const { id } = req.params as { id: number };
        assertCanWrite(scope, 'settings.devices');
        if (!(await canSee(db, scope, 'devices', id))) throw notFound();
        const body = req.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('Send the image bytes as image/*');
        const type = imageType(body);
        if (!type) throw badRequest('Unsupported image type (JPEG, PNG, GIF or WebP)');
        const values = { mime: type.mime, content: body, updatedAt: Date.now() };
        await k
          .insertInto('deviceImages')
          .values({ deviceId: id, ...values })
          .onConflict((oc) => oc.column('deviceId').doUpdateSet(values))
          .execute();
        await recordAction(db, req, {
          userId: scope.user.id,
          actionType: 'edit',
          objectType: 'device',
          objectId: id,
        });
        return reply.type('text/plain; charset=utf-8').send(`device.${type.extension}`);
      },
    );
  });

  app.get(
    '/api/media/:uniqueId/:file',
    {
      schema: {
        tags: ['devices'],
        summary: 'The stored picture of a device (device.<ext>)',
        params: z.object({ uniqueId: z.string().min(1).max(128), file: z.string().min(1).max(64) }),
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const { uniqueId, file } = req.params as { uniqueId: string; file: string };
      let q = k
        .selectFrom('deviceImages')
        .innerJoin('devices', 'devices.id', 'deviceImages.deviceId')
        .select(['deviceImages.mime', 'deviceImages.content'])
        .where('devices.uniqueId', '=', uniqueId);
      q = whereVisible(q, 'devices.id', db, scope, 'devices');
      const row = await q.executeTakeFirst();
      if (!row || file !== `device.${EXTENSIONS[row.mime]}`) throw notFound();
      return fileHeaders(reply, row.mime, file, true)
        .header('cache-control', 'private, no-cache')
        .send(Buffer.from(row.content));
    },
  );
}
