import { CAMERA_TRIGGER_NAMES } from '@frota/core';
import { describe, expect, it } from 'vitest';
import pt from './i18n/pt.json';
import { applyMediaDays, defaultMediaDays } from './cameraPeriod';
import {
  cameraSide,
  cameraStates,
  clampVideoSeconds,
  latestMedia,
  mapUrl,
  mediaDownloadPath,
  mediaPath,
  mediaTriggerNames,
  newestFirst,
  stateSource,
  triggerKeys,
  videoStartSeconds,
} from './cameraRules';
import type { CameraMedia } from './cameraTypes';

const media = (id: number, cameraDate: string, extra: Partial<CameraMedia> = {}): CameraMedia => ({
  id,
  type: 'P',
  camera: 'F',
  cameraDate,
  ...extra,
});

describe('camera rules (document 3 §2, §5)', () => {
  it('names the camera road when F and driver otherwise', () => {
    expect(cameraSide('F')).toBe('road');
    expect(cameraSide('R')).toBe('driver');
    expect(cameraSide(undefined)).toBe('driver');
  });

  it('clamps a video to 5..10 s, 10 when unreadable', () => {
    expect(clampVideoSeconds(30)).toBe(10);
    expect(clampVideoSeconds('1')).toBe(5);
    expect(clampVideoSeconds('7')).toBe(7);
    expect(clampVideoSeconds('')).toBe(10);
    expect(clampVideoSeconds('abc')).toBe(10);
  });

  it('orders media newest first, ties by id', () => {
    const list = [
      media(1, '2026-11-25T10:00:00Z'),
      media(3, '2026-11-25T12:00:00Z'),
      media(2, '2026-11-25T12:00:00Z'),
    ];
    expect(newestFirst(list).map((m) => m.id)).toEqual([3, 2, 1]);
  });

  it("names every bit of the trigger mask with core's table, the server request for 0", () => {
    expect(mediaTriggerNames({ trigger_mask: 0 })).toEqual(['server']);
    expect(mediaTriggerNames({ trigger_mask: 8 | 2 })).toEqual(['din1', 'crash']);
    expect(mediaTriggerNames({ trigger: 'towing' })).toEqual(['towing']);
    expect(triggerKeys(['crash'])).toEqual(['cameras.trigger.camera_crash']);
  });

  it('translates camera_ plus every trigger name of core', () => {
    const table = pt.cameras.trigger as Record<string, string>;
    for (const name of CAMERA_TRIGGER_NAMES) expect(table[`camera_${name}`], name).toMatch(/\S/);
  });

  it('reads the cameras state from io498 (road) and io497 (driver)', () => {
    expect(cameraStates({ io498: 3, io497: 1 })).toEqual([
      { side: 'road', state: 'cardOk', value: 3 },
      { side: 'driver', state: 'noCard', value: 1 },
    ]);
    expect(cameraStates({ io498: 0 })).toEqual([{ side: 'road', state: 'notDetected', value: 0 }]);
    expect(cameraStates({ io497: '4' })).toEqual([{ side: 'driver', state: 'cardFaulty', value: 4 }]);
    expect(cameraStates({ io498: 2 })[0]?.state).toBe('cardFailed');
    expect(cameraStates({ io498: 9, io497: null })).toEqual([]);
    expect(cameraStates(undefined)).toEqual([]);
  });

  it("prefers the live position's state IO over the stored row's", () => {
    expect(stateSource({ io498: 3 }, { io497: 1, io498: 0 })).toEqual({ io498: 3 });
    expect(stateSource({ speed: 0 }, { io497: 1, io498: null })).toEqual({ io497: 1, io498: null });
    expect(stateSource(null, undefined)).toEqual({ io497: null, io498: null });
  });

  it('takes the latest road and driver media from the first item', () => {
    const front = media(5, '2026-11-25T10:00:00Z');
    expect(latestMedia([{ id: 1, name: 'V', media_front: front, media_rear: null }])).toEqual({
      front,
      rear: null,
    });
    expect(latestMedia(undefined)).toEqual({ front: null, rear: null });
  });

  it("sends the clip's start in epoch seconds, none without a date", () => {
    expect(videoStartSeconds('2026-11-25T10:00', () => 1_764_064_800_500)).toBe(1_764_064_800);
    expect(videoStartSeconds('', () => 0)).toBeNull();
    expect(videoStartSeconds('x', () => Number.NaN)).toBeNull();
  });

  it("uses the server's media addresses, else builds them", () => {
    expect(mediaPath({ id: 4 })).toBe('/report/api.php/media/4');
    expect(mediaPath({ id: 4, url: '/x/4' })).toBe('/x/4');
    expect(mediaDownloadPath({ id: 4 }, 'Carrinha 01')).toBe('/report/api.php/media/4/Carrinha%2001');
    expect(mapUrl(-8.8383, 13.2344)).toBe(
      'https://www.google.com/maps/search/?api=1&query=-8.838300,13.234400',
    );
  });

  it('opens the media list on today and applies only whole, ordered ranges', () => {
    const now = Date.UTC(2026, 10, 25, 23, 30); // 00:30 on the 26th in Luanda (UTC+1)
    expect(defaultMediaDays('Africa/Luanda', now)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    const applied = { from: '2026-11-20', to: '2026-11-20' };
    expect(applyMediaDays(applied, { from: '2026-11-16', to: '2026-11-22' })).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    });
    expect(applyMediaDays(applied, { from: '2026-11-16', to: '' })).toBe(applied);
    expect(applyMediaDays(applied, { from: '2026-11-23', to: '2026-11-22' })).toBe(applied);
  });
});
