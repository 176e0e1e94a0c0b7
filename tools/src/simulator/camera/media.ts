/**
 * The simulated cameras' files: the committed photos (assets/, stills of scenes.ts) and H.264 clips
 * (320x180, 10 s, a key frame with its parameter sets every second) made once with ffmpeg and kept in a cache
 * folder; a request for fewer seconds gets the clip's first seconds. Without ffmpeg the cameras answer
 * photos only.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CABIN_SCENE, ROAD_SCENE } from './scenes';

const run = promisify(execFile);

const LOOP = 'loop=loop=4:size=30';

export type CameraSide = 'F' | 'R';

export interface CameraMedia {
  photos: Record<CameraSide, Buffer>;
  /** raw H.264 elementary streams, absent when ffmpeg is missing */
  videos?: Record<CameraSide, Buffer>;
  /** seconds of each clip */
  videoSeconds: number;
}

export const VIDEO_SECONDS = 10;
/** bump when the scenes change so old cached clips are not used */
const CLIP_VERSION = 2;

const asset = (name: string) => readFile(new URL(`./assets/${name}`, import.meta.url));

export async function loadPhotos(): Promise<Record<CameraSide, Buffer>> {
  const [front, rear] = await Promise.all([asset('road.jpg'), asset('cabin.jpg')]);
  return { F: front, R: rear };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.size > 0,
    () => false,
  );
}

/** Makes (once) the clip of one camera; throws when ffmpeg fails or is missing. */
async function clip(
  cacheDir: string,
  side: CameraSide,
  ffmpeg: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  const file = join(cacheDir, `camsim-${side === 'F' ? 'road' : 'cabin'}-v${CLIP_VERSION}.h264`);
  if (!(await exists(file))) {
    await mkdir(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}.part`;
    const scene = side === 'F' ? ROAD_SCENE : CABIN_SCENE;
    // a camera's stream: no B-frames, a key frame with SPS and PPS every second (so it can be cut there)
    await run(
      ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
        // two seconds drawn (geq is slow), looped: the scenes' motions repeat every two seconds
        ...[
          '-i',
          `color=c=black:size=320x180:rate=15:duration=2,format=rgb24,${scene},${LOOP},format=yuv420p`,
        ],
        ...['-t', String(VIDEO_SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-bf', '0', '-g', '15'],
        ...['-x264-params', 'repeat-headers=1'],
        ...['-f', 'h264', partial],
      ],
      { timeout: 120_000, signal },
    ).catch(async (error: unknown) => {
      await rm(partial, { force: true });
      throw error;
    });
    await rename(partial, file);
  }
  return readFile(file);
}

export type Clips = Record<CameraSide, Buffer>;

export interface MediaOptions {
  ffmpeg?: string;
  log?: (line: string) => void;
  /** stops ffmpeg (the simulator is stopping) */
  signal?: AbortSignal;
}

/** The two clips, made with ffmpeg on the first call and read from the cache after; undefined without ffmpeg. */
export async function loadClips(cacheDir: string, options: MediaOptions = {}): Promise<Clips | undefined> {
  const ffmpeg = options.ffmpeg ?? 'ffmpeg';
  try {
    // one after the other: the demo machine runs the server beside
    const front = await clip(cacheDir, 'F', ffmpeg, options.signal);
    const rear = await clip(cacheDir, 'R', ffmpeg, options.signal);
    return { F: front, R: rear };
  } catch (error) {
    if (!options.signal?.aborted)
      options.log?.(`[camera] no video clips (${(error as Error).message.split('\n')[0]}): photos only`);
    return undefined;
  }
}

/** Photos and, when ffmpeg works, videos. */
export async function loadCameraMedia(cacheDir: string, options: MediaOptions = {}): Promise<CameraMedia> {
  const [photos, videos] = await Promise.all([loadPhotos(), loadClips(cacheDir, options)]);
  return videos ? { photos, videos, videoSeconds: VIDEO_SECONDS } : { photos, videoSeconds: VIDEO_SECONDS };
}

/** Where a camera gets its files: photos at once, clips when a video is first wanted. */
export interface CameraMediaSource {
  photos(): Promise<Record<CameraSide, Buffer>>;
  /** undefined: photos only (no ffmpeg) */
  clips(): Promise<Clips | undefined>;
}

/** Files already loaded. */
export const mediaSource = (media: CameraMedia): CameraMediaSource => ({
  photos: async () => media.photos,
  clips: async () => media.videos,
});

/** Each kind loaded once, on first need, and shared. */
export function lazyMediaSource(cacheDir: string, options: MediaOptions = {}): CameraMediaSource {
  let photos: Promise<Record<CameraSide, Buffer>> | undefined;
  let clips: Promise<Clips | undefined> | undefined;
  return {
    photos: () => (photos ??= loadPhotos()),
    clips: () => (clips ??= loadClips(cacheDir, options)),
  };
}

/** Byte offsets of the sequence parameter sets (NAL type 7) of an Annex B stream: where each second starts. */
function secondStarts(stream: Buffer): number[] {
  const starts: number[] = [];
  for (let i = 0; i + 4 < stream.length; i++)
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1 && (stream[i + 3] & 0x1f) === 7)
      starts.push(i > 0 && stream[i - 1] === 0 ? i - 1 : i);
  return starts;
}

/** The first `seconds` of a clip (cut before a key frame), and how many seconds that is. */
export function clipOf(stream: Buffer, seconds: number): { bytes: Buffer; seconds: number } {
  const starts = secondStarts(stream);
  const wanted = Math.max(1, Math.round(seconds));
  if (wanted >= starts.length) return { bytes: stream, seconds: starts.length };
  return { bytes: stream.subarray(0, starts[wanted]), seconds: wanted };
}
