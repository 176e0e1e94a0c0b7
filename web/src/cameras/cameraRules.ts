/** The camera area's rules (document 3 §2, §5, §9), pure so they are tested on their own. */
import { cameraTriggerNames } from '@frota/core';
import type { CameraMedia, CameraVehicle } from './cameraTypes';

/** Camera lists page 10 rows (document 3 §9). */
export const CAMERA_PAGE_SIZE = 10;
/** The camera dialog reads its media again every 15 s (document 3 §5, §9). */
export const CAMERA_REFRESH_MS = 15_000;
/** A video lasts 5 to 10 s, 10 by default (document 3 §5). */
export const VIDEO_MIN_SECONDS = 5;
export const VIDEO_MAX_SECONDS = 10;
export const VIDEO_DEFAULT_SECONDS = 10;

/** Which camera took it: road when F, else driver (document 3 §2). */
export const cameraSide = (camera: string | null | undefined): 'road' | 'driver' =>
  camera === 'F' ? 'road' : 'driver';

/** A video's length clamped to 5..10 s; anything unreadable is the default 10. */
export function clampVideoSeconds(value: unknown): number {
  const seconds = Math.round(Number(value));
  if (!Number.isFinite(seconds) || value === '' || value === null || value === undefined)
    return VIDEO_DEFAULT_SECONDS;
  return Math.min(VIDEO_MAX_SECONDS, Math.max(VIDEO_MIN_SECONDS, seconds));
}

/** The capture time as epoch ms (from the ISO instant); NaN when unreadable. */
export const mediaTime = (media: Pick<CameraMedia, 'cameraDate'>): number => Date.parse(media.cameraDate);

/** Newest first (the media list's default order). */
export const newestFirst = <M extends Pick<CameraMedia, 'cameraDate' | 'id'>>(media: readonly M[]): M[] =>
  [...media].sort((a, b) => mediaTime(b) - mediaTime(a) || b.id - a.id);

/** A video the server still converts to MP4 (shown as processing, not playable yet). */
export const isProcessing = (media: Pick<CameraMedia, 'status'>): boolean => media.status === 'processing';
export const isFailed = (media: Pick<CameraMedia, 'status'>): boolean => media.status === 'failed';

const API = '/report/api.php';

/** The media's bytes, inline (image src, video src: the server answers range requests for seeking). */
export const mediaPath = (media: Pick<CameraMedia, 'id' | 'url'>): string =>
  media.url || `${API}/media/${media.id}`;

/** The media's bytes as a download named after the vehicle. */
export const mediaDownloadPath = (media: Pick<CameraMedia, 'id' | 'download'>, vehicleName: string): string =>
  media.download || `${API}/media/${media.id}/${encodeURIComponent(vehicleName || 'media')}`;

/** The place on an external map (document 3 §2: location linked to a map). */
export const mapUrl = (latitude: number, longitude: number): string =>
  `https://www.google.com/maps/search/?api=1&query=${latitude.toFixed(6)},${longitude.toFixed(6)}`;

/** Coordinates as text when the address is unknown. */
export const coordinatesText = (latitude: number, longitude: number): string =>
  `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;

/** Whether a media row has a place to link. */
export const hasPlace = (
  media: Pick<CameraMedia, 'latitude' | 'longitude'>,
): media is { latitude: number; longitude: number } =>
  typeof media.latitude === 'number' &&
  typeof media.longitude === 'number' &&
  Number.isFinite(media.latitude) &&
  Number.isFinite(media.longitude);

/**
 * The trigger names of a media row: every bit of its mask (core's camera trigger table), else the name the
 * server gave; the event column shows each as `camera_` + name, translated (document 3 §2).
 */
export function mediaTriggerNames(media: Pick<CameraMedia, 'trigger' | 'trigger_mask'>): string[] {
  if (typeof media.trigger_mask === 'number') return cameraTriggerNames(media.trigger_mask);
  return [media.trigger || 'none'];
}

/** The i18n keys of the event column. */
export const triggerKeys = (names: readonly string[]): string[] =>
  names.map((name) => `cameras.trigger.camera_${name}`);

/**
 * Camera and SD-card state from the tracker's IO (document 3 §2): io498 the road camera, io497 the driver
 * camera, each 0 camera not detected, 1 no SD card, 2 SD card failed, 3 SD card OK, 4 SD card faulty
 * (the values of the vendor's "front/rear camera state" elements).
 */
export const CAMERA_STATE_IO = { road: 'io498', driver: 'io497' } as const;
export const CAMERA_STATES = ['notDetected', 'noCard', 'cardFailed', 'cardOk', 'cardFaulty'] as const;
export type CameraState = (typeof CAMERA_STATES)[number];

export function cameraStates(
  attributes: Record<string, unknown> | null | undefined,
): Array<{ side: 'road' | 'driver'; state: CameraState; value: number }> {
  const states: Array<{ side: 'road' | 'driver'; state: CameraState; value: number }> = [];
  for (const side of ['road', 'driver'] as const) {
    const raw = attributes?.[CAMERA_STATE_IO[side]];
    if (raw === undefined || raw === null || raw === '') continue;
    const value = Number(raw);
    const state = CAMERA_STATES[value];
    if (Number.isInteger(value) && state) states.push({ side, state, value });
  }
  return states;
}

/** The start of a requested clip as the command wants it: epoch seconds of a `YYYY-MM-DDTHH:mm` local text. */
export function videoStartSeconds(localText: string, toEpochMs: (text: string) => number): number | null {
  if (!localText) return null;
  const ms = toEpochMs(localText);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

/** The latest road and driver media of a vehicle (the first item of `cameras/{id}` carries them). */
export function latestMedia(list: readonly CameraVehicle[] | undefined): {
  front: CameraMedia | null;
  rear: CameraMedia | null;
} {
  const first = list?.[0];
  return { front: first?.media_front ?? null, rear: first?.media_rear ?? null };
}

/**
 * The state IO to read: the live position's when it carries them (fresher, from the socket), else the
 * values the camera call read from the latest stored position.
 */
export function stateSource(
  live: Record<string, unknown> | null | undefined,
  row: Pick<CameraVehicle, 'io497' | 'io498'> | undefined,
): Record<string, unknown> {
  if (live && (CAMERA_STATE_IO.road in live || CAMERA_STATE_IO.driver in live)) return live;
  return { io497: row?.io497 ?? null, io498: row?.io498 ?? null };
}
