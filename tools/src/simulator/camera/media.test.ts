import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clipOf, loadCameraMedia, loadPhotos } from './media';

const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b.at(-2) === 0xff && b.at(-1) === 0xd9;
/** NAL unit types of an Annex B stream */
const nalTypes = (b: Buffer) => {
  const types = new Set<number>();
  for (let i = 0; i + 3 < b.length; i++)
    if (b[i] === 0 && b[i + 1] === 0 && b[i + 2] === 1) types.add(b[i + 3] & 0x1f);
  return types;
};

describe('simulated camera media', () => {
  const dir = mkdtempSync(join(tmpdir(), 'camsim-media-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has a road photo and a cabin photo, both real JPEGs of a few kilobytes', async () => {
    const photos = await loadPhotos();
    for (const photo of [photos.F, photos.R]) {
      expect(isJpeg(photo)).toBe(true);
      expect(photo.length).toBeGreaterThan(5_000);
      expect(photo.length).toBeLessThan(40_000);
    }
    expect(photos.F.equals(photos.R)).toBe(false);
  });

  it('makes the H.264 clips once with ffmpeg and reads them from the cache afterwards', async () => {
    const first = await loadCameraMedia(dir);
    expect(first.videos).toBeDefined();
    for (const clip of [first.videos!.F, first.videos!.R]) {
      expect(clip.subarray(0, 4)).toEqual(Buffer.from([0, 0, 0, 1]));
      // sequence and picture parameter sets and an IDR slice
      expect([...nalTypes(clip)]).toEqual(expect.arrayContaining([7, 8, 5]));
    }
    const made = statSync(join(dir, 'camsim-road-v2.h264')).mtimeMs;
    const again = await loadCameraMedia(dir);
    expect(again.videos!.F.equals(first.videos!.F)).toBe(true);
    expect(statSync(join(dir, 'camsim-road-v2.h264')).mtimeMs).toBe(made);
  }, 120_000);

  it('cuts a clip at a key frame: the first seconds of it, still a playable stream', async () => {
    const { videos } = await loadCameraMedia(dir);
    const frames = (stream: Buffer) => {
      const file = join(dir, 'cut.h264');
      writeFileSync(file, stream);
      const out = execFileSync('ffprobe', [
        ...['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-f', 'h264'],
        ...['-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file],
      ]);
      return Number(String(out).trim());
    };
    expect(clipOf(videos!.F, 10)).toEqual({ bytes: videos!.F, seconds: 10 });
    const five = clipOf(videos!.R, 5);
    expect(five.seconds).toBe(5);
    expect(five.bytes.length).toBeLessThan(videos!.R.length);
    expect(frames(videos!.R)).toBe(150);
    expect(frames(five.bytes)).toBe(75);
    expect(clipOf(videos!.F, 30).seconds).toBe(10);
  }, 120_000);

  it('answers photos only when ffmpeg is missing', async () => {
    const lines: string[] = [];
    const media = await loadCameraMedia(join(dir, 'other'), {
      ffmpeg: join(dir, 'no-such-ffmpeg'),
      log: (l) => lines.push(l),
    });
    expect(media.videos).toBeUndefined();
    expect(isJpeg(media.photos.F)).toBe(true);
    expect(lines[0]).toMatch(/photos only/);
  });
});
