/**
 * A DualCam on a simulated tracker: answers `camreq` (and `camgetver`) Codec 12 commands and uploads the
 * asked photos or clips to the server named in the command; uploads event files on its own when told to.
 * One upload connection at a time, like the real camera: requests queue behind each other.
 */
import { ioElement, type AvlIo } from '../../../../server/src/protocols';
import { parseCamreq, type CameraRequest } from './camreq';
import type { CameraFile } from './cameraFile';
import { uploadCameraFiles, type CameraUploadOptions, type CameraUploadResult } from './cameraClient';
import { fileIdOf } from './messages';
import { clipOf, VIDEO_SECONDS, type CameraMediaSource, type CameraSide } from './media';

export const CAMREQ_ANSWER = 'Camera request accepted';
/**
 * The tracker's IO for its camera: io498 road camera, io497 driver camera; 3 = SD card OK (0 not detected,
 * 1 no card, 2 card failed, 4 card faulty), read by the camera dialog.
 */
export const CAMERA_STATE_IO: AvlIo[] = [ioElement(497, 1, 3), ioElement(498, 1, 3)];
export const CAMERA_VERSION = 'DualCam SIM 1.0';

export interface CameraPosition {
  latitude: number;
  longitude: number;
}

export interface SimulatedCameraOptions {
  imei: string;
  /** the camera's files (loaded once and shared by every camera) */
  media: CameraMediaSource;
  /** where the vehicle is, for the metadata */
  position?: () => CameraPosition | undefined;
  now?: () => number;
  /** upload settings beyond the address (timeouts, retries, fault injection) */
  upload?: Omit<CameraUploadOptions, 'host' | 'port' | 'imei'>;
  log?: (line: string) => void;
  /** after each upload: how many files the server took */
  onUploaded?: (files: number) => void;
}

export interface CameraEvent {
  host: string;
  port: number;
  /** trigger bitmask (core/src/cameras/triggers.ts) */
  trigger: number;
  type: 'photo' | 'video';
  cameras: CameraSide[];
  /** capture time (video: clip start), epoch ms; default now */
  time?: number;
  /** seconds of video */
  duration?: number;
}

export class SimulatedCamera {
  private chain: Promise<unknown> = Promise.resolve();
  private pending = 0;
  /** every upload finished, in order */
  readonly results: CameraUploadResult[] = [];

  constructor(private readonly o: SimulatedCameraOptions) {}

  /** Uploads still queued or under way. */
  get busy(): number {
    return this.pending;
  }

  /**
   * The answer to a Codec 12 command when it is a camera command (the upload starts in the background),
   * else undefined.
   */
  command(text: string): string | undefined {
    if (/^\s*camgetver\s*$/i.test(text)) return CAMERA_VERSION;
    if (!/^\s*camreq:/i.test(text)) return undefined;
    const request = parseCamreq(text);
    if (!request) return `Camera request refused: ${text.trim()}`;
    void this.request(request);
    return CAMREQ_ANSWER;
  }

  /** Uploads what a camreq asks for (trigger 0: a server request). */
  request(request: CameraRequest): Promise<CameraUploadResult | undefined> {
    return this.event({
      host: request.host,
      port: request.port,
      trigger: 0,
      type: request.type,
      cameras: request.cameras,
      time: request.type === 'video' ? request.time : (this.o.now ?? Date.now)(),
      duration: request.duration,
    });
  }

  /** Queues an upload; resolves with its result (undefined when there was nothing to send). */
  event(event: CameraEvent): Promise<CameraUploadResult | undefined> {
    this.pending++;
    const run = this.chain.then(() => this.upload(event));
    this.chain = run.catch(() => undefined);
    return run.finally(() => this.pending--);
  }

  /** Resolves once every queued upload is over. */
  async idle(): Promise<void> {
    while (this.pending) await this.chain;
  }

  private async upload(event: CameraEvent): Promise<CameraUploadResult | undefined> {
    const photos = event.type === 'photo' ? await this.o.media.photos() : undefined;
    const clips = event.type === 'video' ? await this.o.media.clips() : undefined;
    const time = Math.round(event.time ?? (this.o.now ?? Date.now)());
    const where = this.o.position?.();
    const files: CameraFile[] = [];
    for (const side of event.cameras) {
      if (event.type === 'photo') {
        files.push({
          id: fileIdOf('photo', side),
          bytes: photos![side],
          time,
          trigger: event.trigger,
          duration: 0,
          ...where,
        });
        continue;
      }
      if (!clips) continue; // no ffmpeg: this camera has photos only
      const { bytes, seconds } = clipOf(clips[side], event.duration ?? VIDEO_SECONDS);
      files.push({
        id: fileIdOf('video', side),
        bytes,
        time,
        trigger: event.trigger,
        duration: seconds,
        ...where,
      });
    }
    if (!files.length) {
      this.o.log?.(`[camera] ${this.o.imei}: no ${event.type} to send (photos only without ffmpeg)`);
      return undefined;
    }
    const result = await uploadCameraFiles(
      { ...this.o.upload, host: event.host, port: event.port, imei: this.o.imei, log: this.o.log },
      files,
    );
    this.results.push(result);
    this.o.onUploaded?.(result.delivered.length);
    if (result.left.length)
      this.o.log?.(
        `[camera] ${this.o.imei}: ${result.left.join(', ')} not taken by ${event.host}:${event.port}`,
      );
    return result;
  }
}
