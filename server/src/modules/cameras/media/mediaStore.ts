/**
 * The camera media store (document 3 §3 camera media): one row per photo or video with its bytes in
 * `camera_media_contents` (in the database, so every server node serves them). A photo is stored `ready` with
 * its JPEG; a video arrives as the camera's raw H.264/H.265 stream, kept in `raw` with status `processing`
 * until the conversion job (videoConversion.ts) writes the MP4 into `content` and marks it `ready` (or `failed`).
 */
import type { Db } from '../../../db/database';

export type CameraMediaType = 'P' | 'V';
export type CameraSide = 'F' | 'R';
export type CameraMediaStatus = 'ready' | 'processing' | 'failed';

export interface CameraMediaInput {
  deviceId: number;
  type: CameraMediaType;
  camera: CameraSide;
  /** capture time, epoch ms */
  time: number;
  /** trigger bitmask from the metadata; 0 = server request */
  trigger?: number;
  latitude?: number | null;
  longitude?: number | null;
  address?: string | null;
  positionId?: number | null;
  /** default: `ready` when `content` is given and no `raw`, else `processing` */
  status?: CameraMediaStatus;
  /** of the served content; default image/jpeg for photos, video/mp4 for videos */
  mime?: string;
  /** seconds, videos */
  duration?: number | null;
  /** default `photo_F_20260101_120000.jpg` / `video_R_20260101_120000.mp4` from type, camera and time (UTC) */
  fileName?: string;
  /** the served bytes (JPEG, MP4); empty while a video waits for conversion */
  content?: Buffer | Uint8Array;
  /** the camera's raw video stream, kept until converted */
  raw?: Buffer | Uint8Array | null;
  createdAt?: number;
}

/** `photo_F_20260101_120000.jpg`: what the file is called when downloaded. */
export function mediaFileName(type: CameraMediaType, camera: CameraSide, time: number): string {
  const iso = new Date(time).toISOString(); // 2026-01-01T12:00:00.000Z
  const stamp = `${iso.slice(0, 10).replaceAll('-', '')}_${iso.slice(11, 19).replaceAll(':', '')}`;
  return type === 'P' ? `photo_${camera}_${stamp}.jpg` : `video_${camera}_${stamp}.mp4`;
}

/** Stores one media row with its bytes in one transaction; returns its id. */
export async function saveCameraMedia(db: Db, input: CameraMediaInput): Promise<number> {
  const content = Buffer.from(input.content ?? new Uint8Array(0));
  const raw = input.raw ? Buffer.from(input.raw) : null;
  const status = input.status ?? (raw && content.length === 0 ? 'processing' : 'ready');
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('cameraMedia')
      .values({
        deviceId: input.deviceId,
        type: input.type,
        camera: input.camera,
        time: input.time,
        trigger: input.trigger ?? 0,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        address: input.address ?? null,
        positionId: input.positionId ?? null,
        status,
        mime: input.mime ?? (input.type === 'P' ? 'image/jpeg' : 'video/mp4'),
        size: content.length,
        duration: input.duration ?? null,
        fileName: (input.fileName ?? mediaFileName(input.type, input.camera, input.time)).slice(0, 255),
        createdAt: input.createdAt ?? Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mediaId = Number(row.id);
    await trx.insertInto('cameraMediaContents').values({ mediaId, content, raw }).execute();
    return mediaId;
  });
}

/** The served bytes of one media row (JPEG or MP4); undefined when absent or not converted yet. */
export async function loadMediaContent(
  db: Db,
  id: number,
): Promise<{ mime: string; bytes: Buffer } | undefined> {
  const row = await db.kysely
    .selectFrom('cameraMedia')
    .innerJoin('cameraMediaContents', 'cameraMediaContents.mediaId', 'cameraMedia.id')
    .select(['cameraMedia.mime', 'cameraMedia.status', 'cameraMediaContents.content'])
    .where('cameraMedia.id', '=', id)
    .executeTakeFirst();
  if (!row || row.status !== 'ready') return undefined;
  return { mime: row.mime, bytes: Buffer.from(row.content) };
}

/** Deletes one media row and its bytes (the contents go by cascade; deleted explicitly too for SQLite without FKs). */
export async function deleteCameraMedia(db: Db, id: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('cameraMediaContents').where('mediaId', '=', id).execute();
    await trx.deleteFrom('cameraMedia').where('id', '=', id).execute();
  });
}
