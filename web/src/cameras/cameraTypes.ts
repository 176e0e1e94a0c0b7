/** The camera area's shapes (document 3 §3 camera media, §7 cameras calls). */

/** P photo, V video. */
export type MediaType = 'P' | 'V';
/** F road (front), anything else driver (rear). */
export type CameraSide = 'F' | 'R';

/** One photo or video of a vehicle's camera. */
export interface CameraMedia {
  id: number;
  deviceId?: number;
  type: MediaType;
  camera: CameraSide | string;
  /** capture time, `YYYY-MM-DD HH:mm:ss` in the user's timezone */
  camera_date?: string;
  /** the same instant, ISO-8601 UTC */
  cameraDate: string;
  /** trigger name (core's camera trigger list; `server` when asked by the server) */
  trigger?: string;
  /** the camera metadata's trigger bitmask (0 = asked by the server) */
  trigger_mask?: number;
  latitude?: number | null;
  longitude?: number | null;
  address?: string | null;
  /** ready, processing (a video waiting for its MP4) or failed */
  status?: string;
  duration?: number | null;
  mime?: string;
  size?: number;
  fileName?: string;
  /** inline bytes */
  url?: string;
  /** attachment named after the vehicle */
  download?: string;
}

/** A vehicle with a camera and its latest road (front) and driver (rear) media. */
export interface CameraVehicle {
  id: number;
  name: string;
  license_plate?: string | null;
  media_front?: CameraMedia | null;
  media_rear?: CameraMedia | null;
  /** raw camera / SD-card state IO of the latest position (null when absent) */
  io497?: number | null;
  io498?: number | null;
}

/** POST camera: what the camera dialog asks the tracker for. */
export interface CameraCommand {
  deviceId: number;
  type: 'photo' | 'video';
  /** 1 road, 2 driver, 3 both */
  camera: 1 | 2 | 3;
  /** epoch seconds: start of the clip (video) */
  videoDateTime?: number;
  /** seconds, 5..10 */
  videoDuration?: number;
}
