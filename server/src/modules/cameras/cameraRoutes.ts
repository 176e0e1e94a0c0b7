/**
 * The camera calls of document 3 §7 on vehicles: the cameras list (cameras), one vehicle's latest media
 * (cameras/{deviceId}), its media over a period (camera/{deviceId}/{from}/{to}) and the photo/video request
 * (POST camera) sent to the tracker as a Codec 12 `camreq` command.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context';
import type { Db } from '../../db/database';
import { parseJson } from '../../db/mapping';
import { badRequest } from '../../errors';
import { zoneFor, type Zone } from '../../track/timezone';
import {
  assertCameraWrite,
  cameraScope,
  cameraVehicle,
  NO_CAMERA,
  visibleVehicle,
  visibleVehicles,
  type CameraVehicle,
} from './access';
import { camreqText, DEFAULT_CAMERA, uploadEndpoint, type CameraChoice } from './cameraRequest';
import { COMMAND_FAILED, sendCameraCommand } from './cameraCommand';
import { latestMedia, mediaJson, mediaQuery, placesFor, type MediaRow } from './mediaRows';
import { PrivacyFilter } from '../../auth/privacy';
import type { Scope } from '../../auth/policy';
import { mediaPeriod } from './period';
import {
  cameraBody,
  cameraVehicleSchema,
  commandAnswer,
  deviceParams,
  mediaSchema,
  messageAnswer,
  rangeParams,
} from './schemas';

export const BASE = '/report/api.php';
export const VIDEO_NEEDS_START = 'videoDateTime is required for a video (start of the clip, epoch seconds)';

const plateOf = (attributes: Record<string, unknown>): string | null =>
  typeof attributes.license_plate === 'string' && attributes.license_plate.trim()
    ? attributes.license_plate.trim()
    : null;

const ioOf = (attributes: Record<string, unknown>, id: number): number | null => {
  const v = attributes[`io${id}`];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** The rows of the cameras list: each vehicle with its latest road and driver media and camera IO. */
async function cameraRows(db: Db, scope: Scope, vehicles: CameraVehicle[], zone: Zone) {
  const ids = vehicles.map((v) => v.id);
  const latest = await latestMedia(db, ids);
  const privacy = await PrivacyFilter.for(db, scope.user, ids);
  const shown = new Map<MediaRow, MediaRow>();
  const all = [...latest.values()].flatMap((m) => [m.F, m.R]).filter((m): m is MediaRow => !!m);
  (await placesFor(db, privacy, all)).forEach((row, i) => shown.set(all[i], row));
  const positionIds = vehicles.map((v) => v.positionId).filter((id): id is number => id !== null);
  const positions = new Map<number, Record<string, unknown>>();
  if (positionIds.length)
    for (const p of await db.kysely
      .selectFrom('positions')
      .select(['id', 'attributes'])
      .where('id', 'in', positionIds)
      .execute())
      positions.set(Number(p.id), parseJson(p.attributes));
  return vehicles.map((v) => {
    const media = latest.get(v.id) ?? {};
    const io = (v.positionId !== null && positions.get(v.positionId)) || {};
    return {
      id: v.id,
      deviceId: v.id,
      name: v.name,
      license_plate: plateOf(v.attributes),
      groupId: v.groupId,
      media_front: media.F ? mediaJson(shown.get(media.F)!, v.name, zone) : null,
      media_rear: media.R ? mediaJson(shown.get(media.R)!, v.name, zone) : null,
      io497: ioOf(io, 497),
      io498: ioOf(io, 498),
    };
  });
}

export function cameraRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const tags = ['cameras'];
  const refused = {
    400: messageAnswer,
    403: messageAnswer.describe('missing permission module.cameras'),
    404: messageAnswer.describe('no such camera vehicle among those the user sees'),
  };

  app.get(
    `${BASE}/cameras`,
    {
      schema: {
        tags,
        summary: 'Vehicles with a camera (has_camera) with their latest road and driver media',
        description:
          'Vehicles the user sees whose attributes.has_camera is set, by name; media_front / media_rear are ' +
          'the latest road (F) and driver (R) media or null; io497 / io498 the camera and SD card state IOs ' +
          'of the latest position. Permission module.cameras.',
        response: { 200: cameraVehicleSchema.array(), ...refused },
      },
    },
    async (req) => {
      const scope = await cameraScope(services, req);
      const vehicles = (await visibleVehicles(db, scope)).filter((v) => v.hasCamera);
      return cameraRows(db, scope, vehicles, zoneFor(scope.user.attributes.timezone));
    },
  );

  app.get(
    `${BASE}/cameras/:deviceId`,
    {
      schema: {
        tags,
        summary: "One camera vehicle's latest media (the camera dialog)",
        description:
          'A one-item list: the vehicle as in GET cameras, whose media_front and media_rear are its latest ' +
          'road and driver media. 404 when the user does not see the vehicle or it has no camera.',
        params: deviceParams,
        response: { 200: cameraVehicleSchema.array(), ...refused },
      },
    },
    async (req) => {
      const scope = await cameraScope(services, req);
      const { deviceId } = req.params as { deviceId: number };
      const vehicle = await cameraVehicle(db, scope, deviceId);
      return cameraRows(db, scope, [vehicle], zoneFor(scope.user.attributes.timezone));
    },
  );

  app.get(
    `${BASE}/camera/:deviceId/:from/:to`,
    {
      schema: {
        tags,
        summary: "A camera vehicle's media captured in a period, newest first",
        description:
          'from and to are days (YYYY-MM-DD) in the user timezone, both included (400 when malformed or ' +
          'when to is before from). Videos still being converted are listed with status processing.',
        params: rangeParams,
        response: { 200: mediaSchema.array(), ...refused },
      },
    },
    async (req) => {
      const scope = await cameraScope(services, req);
      const { deviceId, from, to } = req.params as { deviceId: number; from: string; to: string };
      const zone = zoneFor(scope.user.attributes.timezone);
      const period = mediaPeriod(from, to, zone);
      const vehicle = await cameraVehicle(db, scope, deviceId);
      const rows = await mediaQuery(db)
        .where('cameraMedia.deviceId', '=', deviceId)
        .where('cameraMedia.time', '>=', period.from)
        .where('cameraMedia.time', '<', period.to)
        .orderBy('cameraMedia.time', 'desc')
        .orderBy('cameraMedia.id', 'desc')
        .execute();
      const privacy = await PrivacyFilter.for(db, scope.user, [deviceId]);
      return (await placesFor(db, privacy, rows)).map((r) => mediaJson(r, vehicle.name, zone));
    },
  );

  app.post(
    `${BASE}/camera`,
    {
      schema: {
        tags,
        summary: 'Take a photo or a video: a camreq command to the tracker (Codec 12)',
        description:
          'Sends camreq:<0 video|1 photo>,<camera>,<timestamp>,<duration>,<camera host>,<camera port> on ' +
          "the vehicle's live connection, or queues it until the vehicle reports. camera 1 road, 2 driver, 3 " +
          'both (default 3); videoDateTime (epoch seconds) is required for a video, a photo is taken now; ' +
          'videoDuration is clamped to 5..10 s (default 10). 200 when the tracker answered, 202 when sent ' +
          `without an answer or queued; 502 "${COMMAND_FAILED}". Needs module.cameras, a user that is not ` +
          `read-only, and a visible vehicle with has_camera (400 "${NO_CAMERA}").`,
        body: cameraBody,
        response: { 200: commandAnswer, 202: commandAnswer, ...refused, 502: messageAnswer },
      },
    },
    async (req, reply) => {
      const scope = await cameraScope(services, req);
      const body = req.body as {
        deviceId: number;
        type: 'photo' | 'video';
        camera?: number;
        videoDateTime?: number;
        videoDuration?: number;
      };
      const vehicle = await visibleVehicle(db, scope, body.deviceId);
      assertCameraWrite(scope);
      if (!vehicle.hasCamera) throw badRequest(NO_CAMERA);
      if (body.type === 'video' && body.videoDateTime === undefined) throw badRequest(VIDEO_NEEDS_START);
      const command = camreqText(
        {
          type: body.type,
          camera: (body.camera ?? DEFAULT_CAMERA) as CameraChoice,
          videoDateTime: body.videoDateTime,
          videoDuration: body.videoDuration,
        },
        uploadEndpoint(services.config),
      );
      const outcome = await sendCameraCommand(services, vehicle, command);
      return reply.code(outcome.state === 'answered' ? 200 : 202).send(outcome);
    },
  );
}
