/**
 * What the camera listener does with a whole file: the vehicle is found by IMEI (devices.uniqueId; unknown →
 * dropped with a log line), a photo must be a JPEG (magic bytes FF D8 FF), a video is kept raw with status
 * `processing` for the conversion job. The file is dated by its metadata (else its arrival), placed by the
 * nearest position (positionLink.ts), stored (mediaStore.ts) and announced to open camera screens. The same
 * file uploaded again (same vehicle, kind, camera and capture time) is stored once.
 */
import type { Db } from '../../../db/database';
import type { LiveHub } from '../../../live/hub';
import { toBool } from '../../../db/mapping';
import type { CameraFileSink, CameraUpload } from '../../../protocols/camera';
import type { ProtocolLog } from '../../../protocols/types';
import { announceCameraMedia } from './liveMedia';
import { saveCameraMedia } from './mediaStore';
import { placeOf, type AddressLookup } from './positionLink';

export interface UploadSinkDeps {
  db: Db;
  live: Pick<LiveHub, 'publish'>;
  log: ProtocolLog;
  /** the server's geocoder, for positions stored without an address */
  lookup?: AddressLookup;
  /** a video was stored raw: convert it soon */
  videoStored?: (mediaId: number) => void;
}

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

async function findDevice(db: Db, imei: string): Promise<{ id: number; disabled: boolean } | undefined> {
  const row = await db.kysely
    .selectFrom('devices')
    .select(['id', 'disabled'])
    .where('uniqueId', '=', imei)
    .executeTakeFirst();
  return row ? { id: Number(row.id), disabled: toBool(row.disabled) } : undefined;
}

/** Stores one uploaded file; the new media id, or undefined when it was dropped. */
export async function storeCameraUpload(
  deps: UploadSinkDeps,
  upload: CameraUpload,
): Promise<number | undefined> {
  const { db, log } = deps;
  const device = await findDevice(db, upload.imei);
  const about = { imei: upload.imei, file: upload.file, bytes: upload.bytes.length };
  if (!device) {
    log.warn(about, 'camera file from an unknown IMEI dropped');
    return undefined;
  }
  if (upload.type === 'P' && !isJpeg(upload.bytes)) {
    log.warn(about, 'camera photo is not a JPEG: dropped');
    return undefined;
  }
  const meta = upload.metadata;
  const time = meta?.time ?? upload.receivedAt;
  if (meta?.time !== undefined) {
    const same = await db.kysely
      .selectFrom('cameraMedia')
      .select('id')
      .where('deviceId', '=', device.id)
      .where('type', '=', upload.type)
      .where('camera', '=', upload.camera)
      .where('time', '=', time)
      .executeTakeFirst();
    if (same) {
      log.info({ ...about, id: Number(same.id) }, 'camera file already stored');
      return undefined;
    }
  }
  const place = await placeOf(db, device.id, time, meta, deps.lookup);
  const video = upload.type === 'V';
  const id = await saveCameraMedia(db, {
    deviceId: device.id,
    type: upload.type,
    camera: upload.camera,
    time,
    trigger: meta?.trigger ?? 0,
    ...place,
    status: video ? 'processing' : 'ready',
    mime: video ? 'video/mp4' : 'image/jpeg',
    duration: video && meta?.duration ? meta.duration : null,
    content: video ? Buffer.alloc(0) : upload.bytes,
    raw: video ? upload.bytes : null,
    createdAt: upload.receivedAt,
  });
  log.info({ ...about, id, deviceId: device.id }, 'camera file stored');
  announceCameraMedia(deps.live, id, device.id);
  if (video) deps.videoStored?.(id);
  return id;
}

/** The listener's sink over the media store. */
export function cameraUploadSink(deps: UploadSinkDeps): CameraFileSink {
  return {
    async isKnownCamera(imei) {
      const device = await findDevice(deps.db, imei);
      return !!device && !device.disabled;
    },
    async store(upload) {
      await storeCameraUpload(deps, upload);
    },
  };
}
