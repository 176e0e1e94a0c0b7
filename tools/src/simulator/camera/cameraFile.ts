/** A file waiting on the simulated camera's SD card. */
import type { CameraFileId } from './messages';

export interface CameraFile {
  id: CameraFileId;
  /** JPEG for photos, an H.264 elementary stream for videos */
  bytes: Buffer;
  /** capture time (for a video, its start), epoch ms */
  time: number;
  /** trigger bitmask of the metadata (core/src/cameras/triggers.ts); 0 = asked by the server */
  trigger: number;
  /** seconds; 0 for photos */
  duration: number;
  latitude?: number;
  longitude?: number;
}

export const isVideo = (file: Pick<CameraFile, 'id'>): boolean => file.id.startsWith('%video');
