/**
 * The video conversion job: every video stored raw (status `processing`) becomes an MP4 (`ready`, with its
 * content and size) or `failed`. It runs shortly after an upload (`kick`), at start for videos left by a
 * stopped node, and every `intervalMs` for those of a node that died mid-conversion. Each video is claimed
 * with its own lease row (`camera-video:<id>`, jobs/lease.ts) for the time a conversion may take, so two
 * nodes never convert the same video; the row is updated only while still `processing`.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/database';
import type { LiveHub } from '../../../live/hub';
import type { ProtocolLog } from '../../../protocols/types';
import { acquireLease, releaseLease } from '../../../jobs/lease';
import { announceCameraMedia } from './liveMedia';
import { ToolMissingError, convertToMp4, type ConvertOptions } from './videoConversion';

export const VIDEO_CLAIM_MS = 10 * 60_000;

export interface ConversionDeps {
  db: Db;
  live: Pick<LiveHub, 'publish'>;
  log: ProtocolLog;
  holder?: string;
  convert?: ConvertOptions;
}

export interface ConversionOutcome {
  id: number;
  status: 'ready' | 'failed';
}

export const claimName = (id: number) => `camera-video:${id}`;

/** Converts one video when this node can claim it; undefined when another node has it or it is done. */
export async function convertVideo(
  deps: ConversionDeps & { holder: string },
  id: number,
): Promise<ConversionOutcome | undefined> {
  const { db } = deps;
  if (!(await acquireLease(db, claimName(id), deps.holder, VIDEO_CLAIM_MS))) return undefined;
  try {
    const row = await db.kysely
      .selectFrom('cameraMedia')
      .innerJoin('cameraMediaContents', 'cameraMediaContents.mediaId', 'cameraMedia.id')
      .select([
        'cameraMedia.deviceId',
        'cameraMedia.status',
        'cameraMedia.duration',
        'cameraMediaContents.raw',
      ])
      .where('cameraMedia.id', '=', id)
      .executeTakeFirst();
    if (!row || row.status !== 'processing') return undefined;
    const deviceId = Number(row.deviceId);
    let outcome: ConversionOutcome;
    try {
      if (!row.raw || row.raw.length === 0) throw new Error('no raw video');
      const { mp4, duration } = await convertToMp4(row.raw, deps.convert);
      await db.kysely.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('cameraMedia')
          .set({
            status: 'ready',
            mime: 'video/mp4',
            size: mp4.length,
            duration:
              row.duration !== null && Number(row.duration) > 0 ? Number(row.duration) : (duration ?? null),
          })
          .where('id', '=', id)
          .where('status', '=', 'processing')
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 1)
          await trx
            .updateTable('cameraMediaContents')
            .set({ content: mp4, raw: null })
            .where('mediaId', '=', id)
            .execute();
      });
      outcome = { id, status: 'ready' };
    } catch (err) {
      if (err instanceof ToolMissingError) throw err;
      deps.log.warn({ id, message: (err as Error).message }, 'camera video conversion failed');
      // the raw stream stays: a later ffmpeg may convert it
      await db.kysely
        .updateTable('cameraMedia')
        .set({ status: 'failed' })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .execute();
      outcome = { id, status: 'failed' };
    }
    announceCameraMedia(deps.live, id, deviceId);
    return outcome;
  } finally {
    await releaseLease(db, claimName(id), deps.holder).catch(() => undefined);
  }
}

/** One pass: every video waiting, oldest first. */
export async function convertWaitingVideos(
  deps: ConversionDeps & { holder: string },
): Promise<ConversionOutcome[]> {
  const rows = await deps.db.kysely
    .selectFrom('cameraMedia')
    .select('id')
    .where('status', '=', 'processing')
    .orderBy('id')
    .execute();
  const done: ConversionOutcome[] = [];
  for (const r of rows) {
    const outcome = await convertVideo(deps, Number(r.id));
    if (outcome) done.push(outcome);
  }
  return done;
}

export interface VideoConverter {
  /** a video was just stored: convert soon */
  kick(): void;
  /** resolves when no pass is running nor due */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function startVideoConverter(
  deps: ConversionDeps & { intervalMs?: number; firstDelayMs?: number },
): VideoConverter {
  const holder = deps.holder ?? `node-${randomBytes(6).toString('hex')}`;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let missingLogged = false;
  const pass = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = convertWaitingVideos({ ...deps, holder })
      .then(() => undefined)
      .catch((err) => {
        if (err instanceof ToolMissingError) {
          if (!missingLogged)
            deps.log.error({ message: err.message }, 'camera videos wait: ffmpeg is not installed');
          missingLogged = true;
        } else deps.log.error({ err }, 'camera video conversion');
      })
      .finally(() => {
        running = undefined;
        if (again) pass();
      });
  };
  const first = setTimeout(pass, deps.firstDelayMs ?? 1000);
  first.unref();
  const timer = setInterval(pass, deps.intervalMs ?? 60_000);
  timer.unref();
  return {
    kick: () => setImmediate(pass),
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      while (running) await running;
    },
  };
}
