/**
 * The camera request of document 3 §3/§5 as the tracker's Codec 12 text (protocols/dualcam.md):
 * `camreq:<type>,<source>,<timestamp>,<duration>,<domain>,<port>` — type 0 video, 1 photo; source 1 road,
 * 2 driver, 3 both; timestamp in epoch seconds (the clip's start for a video, now for a photo); duration in
 * seconds (5 to 10 for a video, 0 for a photo, which has none); domain and port of the upload listener.
 */

import type { Config } from '../../config';

export type CameraChoice = 1 | 2 | 3;

export interface CameraRequest {
  type: 'photo' | 'video';
  /** 1 road, 2 driver, 3 both */
  camera: CameraChoice;
  /** start of the clip, epoch seconds (videos) */
  videoDateTime?: number;
  /** seconds, clamped to 5..10 */
  videoDuration?: number;
}

export const DEFAULT_CAMERA: CameraChoice = 3;
export const MIN_VIDEO_SECONDS = 5;
export const MAX_VIDEO_SECONDS = 10;

/** A video's duration: 10 s when not given, otherwise rounded and kept within 5..10 s (document 3 §5). */
export function clampVideoDuration(seconds: number | undefined): number {
  if (seconds === undefined || !Number.isFinite(seconds)) return MAX_VIDEO_SECONDS;
  return Math.min(MAX_VIDEO_SECONDS, Math.max(MIN_VIDEO_SECONDS, Math.round(seconds)));
}

/** Epoch seconds from a value in seconds, or in milliseconds when it is too large to be seconds. */
export function epochSeconds(value: number): number {
  return Math.floor(value > 1e11 ? value / 1000 : value);
}

/**
 * Where cameras upload: FROTA_CAMERA_HOST (else the public URL's host) and FROTA_CAMERA_PUBLIC_PORT, else
 * this node's listener port. Behind a proxy (a cluster) both name the proxy, never one node.
 */
export function uploadEndpoint(config: Pick<Config, 'cameraHost' | 'cameraPort' | 'cameraPublicPort'>): {
  host: string;
  port: number;
} {
  return { host: config.cameraHost, port: config.cameraPublicPort ?? config.cameraPort };
}

export function camreqText(
  request: CameraRequest,
  endpoint: { host: string; port: number },
  nowMs = Date.now(),
): string {
  const video = request.type === 'video';
  const timestamp =
    video && request.videoDateTime !== undefined
      ? epochSeconds(request.videoDateTime)
      : Math.floor(nowMs / 1000);
  const duration = video ? clampVideoDuration(request.videoDuration) : 0;
  return `camreq:${video ? 0 : 1},${request.camera},${timestamp},${duration},${endpoint.host},${endpoint.port}`;
}
