import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError, ToolMissingError, convertToMp4, detectVideoCodec } from './videoConversion';

let dir: string;
const streams: Record<'h264' | 'hevc', Buffer> = { h264: Buffer.alloc(0), hevc: Buffer.alloc(0) };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'frota-video-test-'));
  for (const [codec, encoder] of [
    ['h264', 'libx264'],
    ['hevc', 'libx265'],
  ] as const) {
    const out = join(dir, `clip.${codec}`);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=160x120:rate=10',
      '-c:v',
      encoder,
      ...(codec === 'hevc' ? ['-x265-params', 'log-level=error'] : []),
      '-f',
      codec,
      out,
    ]);
    streams[codec] = readFileSync(out);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('camera video conversion', () => {
  it('tells H.264 from H.265 by the stream parameter sets', () => {
    expect(detectVideoCodec(streams.h264)).toBe('h264');
    expect(detectVideoCodec(streams.hevc)).toBe('hevc');
    expect(detectVideoCodec(Buffer.alloc(500, 0x55))).toBeUndefined();
  });

  it('wraps either stream in a faststart MP4 without re-encoding', async () => {
    for (const codec of ['h264', 'hevc'] as const) {
      const { mp4, codec: used, duration } = await convertToMp4(streams[codec]);
      expect(used).toBe(codec);
      expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
      expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
      expect(mp4.indexOf(codec === 'hevc' ? 'hvc1' : 'avc1')).toBeGreaterThan(0);
      expect(duration).toBeGreaterThan(0.5);
    }
  }, 30_000);

  it('fails on bytes that are no video, and says when ffmpeg is missing', async () => {
    await expect(convertToMp4(Buffer.alloc(4000, 0x55))).rejects.toBeInstanceOf(ConversionError);
    await expect(convertToMp4(streams.h264, { ffmpeg: '/nonexistent/ffmpeg' })).rejects.toBeInstanceOf(
      ToolMissingError,
    );
  }, 30_000);
});
