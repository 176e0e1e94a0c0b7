/**
 * Raw camera video (an H.264 or H.265 elementary stream) → MP4 a browser plays: ffmpeg copies the stream
 * (`-c copy`, no re-encoding) into an MP4 with its index at the front (`+faststart`, so playback and HTTP range
 * requests start at once); H.265 is tagged `hvc1` as Safari wants. ffmpeg comes from Debian's packages
 * (`apt-get install ffmpeg`, which brings ffprobe too), found on the PATH.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type VideoCodec = 'h264' | 'hevc';

/**
 * The codec of an Annex B stream, from its parameter sets: an H.265 VPS/SPS/PPS header (0x40 01, 0x42 01,
 * 0x44 01) or an H.264 SPS (NAL type 7). Streams start with them; undefined when none is found early on.
 */
export function detectVideoCodec(raw: Uint8Array): VideoCodec | undefined {
  let seen = 0;
  for (let i = 0; i + 4 < raw.length && seen < 64; i++) {
    if (raw[i] !== 0 || raw[i + 1] !== 0 || raw[i + 2] !== 1) continue;
    const a = raw[i + 3];
    const b = raw[i + 4];
    seen++;
    i += 2;
    if (a & 0x80) continue; // forbidden bit: not a NAL header
    const hevcType = (a >> 1) & 0x3f;
    if ((hevcType === 32 || hevcType === 33 || hevcType === 34) && b === 0x01) return 'hevc';
    if ((a & 0x1f) === 7) return 'h264';
  }
  return undefined;
}

export class ConversionError extends Error {}

/** ffmpeg could not be started at all (not installed): nothing is wrong with the video. */
export class ToolMissingError extends Error {}

function run(tool: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      if ((err as NodeJS.ErrnoException).code === 'ENOENT')
        return reject(new ToolMissingError(`${tool} not found`));
      reject(
        new ConversionError(
          `${tool} failed: ${String(stderr || err.message)
            .trim()
            .slice(-500)}`,
        ),
      );
    });
  });
}

export interface ConvertOptions {
  ffmpeg?: string;
  ffprobe?: string;
  timeoutMs?: number;
}

/** The MP4 of a raw stream and its duration in seconds (from ffprobe, when it tells). */
export async function convertToMp4(
  raw: Uint8Array,
  options: ConvertOptions = {},
): Promise<{ mp4: Buffer; codec: VideoCodec; duration?: number }> {
  const detected = detectVideoCodec(raw);
  const dir = await mkdtemp(join(tmpdir(), 'frota-video-'));
  const timeout = options.timeoutMs ?? 120_000;
  try {
    const input = join(dir, 'in.raw');
    const output = join(dir, 'out.mp4');
    await writeFile(input, raw);
    const attempt = async (codec: VideoCodec) => {
      await run(
        options.ffmpeg ?? 'ffmpeg',
        [
          '-v',
          'error',
          '-y',
          '-fflags',
          '+genpts',
          '-f',
          codec,
          '-i',
          input,
          '-map',
          '0:v:0',
          '-c',
          'copy',
          ...(codec === 'hevc' ? ['-tag:v', 'hvc1'] : []),
          '-movflags',
          '+faststart',
          '-f',
          'mp4',
          output,
        ],
        timeout,
      );
      return codec;
    };
    let codec: VideoCodec;
    if (detected) codec = await attempt(detected);
    else {
      try {
        codec = await attempt('h264');
      } catch (err) {
        if (err instanceof ToolMissingError) throw err;
        codec = await attempt('hevc');
      }
    }
    const mp4 = await readFile(output);
    if (mp4.length < 32) throw new ConversionError('ffmpeg wrote no video');
    let duration: number | undefined;
    try {
      const out = await run(
        options.ffprobe ?? 'ffprobe',
        ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', output],
        timeout,
      );
      const seconds = Number.parseFloat(out.trim());
      if (Number.isFinite(seconds) && seconds > 0) duration = Math.round(seconds * 10) / 10;
    } catch {
      duration = undefined;
    }
    return { mp4, codec, duration };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
