/** Table types of the camera media migration (015_cameras). */
import type { Generated } from 'kysely';

/** One photo or video uploaded by a vehicle's camera (document 3 §3 camera media); bytes in `camera_media_contents`. */
export interface CameraMediaTable {
  id: Generated<number>;
  deviceId: number;
  /** P photo, V video */
  type: string;
  /** F road (front), R driver (rear) */
  camera: string;
  /** capture time, epoch ms */
  time: number;
  /** trigger bitmask from the file's metadata; 0 = server request (core `cameraTriggerNames`) */
  trigger: number;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  /** the position nearest to `time` the place was taken from */
  positionId: number | null;
  /** ready, processing (video waiting for its MP4), failed */
  status: string;
  /** of the served content: image/jpeg, video/mp4 */
  mime: string;
  /** bytes of the served content */
  size: number;
  /** seconds, videos only */
  duration: number | null;
  fileName: string;
  createdAt: number;
}

/** The served bytes and, for a video until converted, the camera's raw stream. */
export interface CameraMediaContentsTable {
  mediaId: number;
  content: Uint8Array;
  raw: Uint8Array | null;
}

export interface CameraTables {
  cameraMedia: CameraMediaTable;
  cameraMediaContents: CameraMediaContentsTable;
}
