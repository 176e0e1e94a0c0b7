/**
 * The camera side of the upload protocol (shared/protocols/dualcam.md): connect, announce the waiting files
 * in the init, answer the metadata query, answer a file request with START, send SYNC and the 1 KiB DATA
 * packets from the server's RESUME offset, say 0x0009 when another file waits, and stop at the server's
 * close. A broken connection is retried; the server's RESUME says where the file goes on.
 */
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CameraFile } from './cameraFile';
import { chainedCrcs } from './crc';
import {
  CMD,
  MessageReader,
  PACKET_SIZE,
  encodeData,
  encodeInit,
  encodeMessage,
  encodeRepeatInit,
  encodeStart,
  encodeSync,
  settingsOf,
  type CameraFileId,
  type Message,
} from './messages';
import { encodeMetadata, METADATA_VERSION } from './metadata';

export interface CameraUploadOptions {
  host: string;
  port: number;
  imei: string;
  /** most seconds without a message from the server before the connection counts as broken */
  timeoutMs?: number;
  /** connections tried before giving up on the files left */
  attempts?: number;
  retryDelayMs?: number;
  metadataVersion?: number;
  /** fault injection (tests, demos): the first connection breaks after this many DATA packets */
  cutAfterPackets?: number;
  log?: (line: string) => void;
}

export interface CameraUploadResult {
  delivered: CameraFileId[];
  /** files the server never took */
  left: CameraFileId[];
  connections: number;
  /** DATA packets written, resent ones included */
  packets: number;
}

interface SessionResult {
  delivered: CameraFileId[];
  packets: number;
  /** the server closed the session (0x0000) rather than the connection breaking */
  closedByServer: boolean;
}

/** Uploads the files, reconnecting after a broken connection until all are taken or attempts run out. */
export async function uploadCameraFiles(
  options: CameraUploadOptions,
  files: CameraFile[],
): Promise<CameraUploadResult> {
  const attempts = options.attempts ?? 5;
  const waiting = new Map(files.map((f) => [f.id, f]));
  const delivered: CameraFileId[] = [];
  let packets = 0;
  let connections = 0;
  while (waiting.size && connections < attempts) {
    const cut = connections === 0 ? options.cutAfterPackets : undefined;
    connections++;
    let result: SessionResult;
    try {
      result = await runSession(options, [...waiting.values()], cut);
    } catch (error) {
      options.log?.(`[camera] ${options.imei}: ${(error as Error).message}`);
      // what got through before the break counts
      result =
        error instanceof SessionError ? error.partial : { delivered: [], packets: 0, closedByServer: false };
    }
    packets += result.packets;
    for (const id of result.delivered) {
      waiting.delete(id);
      delivered.push(id);
    }
    // the server closed without taking the rest: it does not want them now
    if (result.closedByServer) break;
    if (waiting.size && connections < attempts) await sleep(options.retryDelayMs ?? 1000);
  }
  return { delivered, left: [...waiting.keys()], connections, packets };
}

class SessionError extends Error {
  constructor(
    message: string,
    readonly partial: SessionResult,
  ) {
    super(message);
  }
}

interface Current {
  file: CameraFile;
  crcs: number[];
  /** every packet was written since the last RESUME */
  sentAll: boolean;
}

/** One connection: resolves when the server closes the session, rejects (with what got through) on a break. */
function runSession(
  options: CameraUploadOptions,
  files: CameraFile[],
  cutAfterPackets: number | undefined,
): Promise<SessionResult> {
  const { imei } = options;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const waiting = new Map(files.map((f) => [f.id, f]));
  const delivered: CameraFileId[] = [];
  const reader = new MessageReader();
  let current: Current | undefined;
  let packets = 0;
  /** bumped by every RESUME and by the end: a send loop that sees another value stops */
  let generation = 0;
  let settled = false;

  return new Promise<SessionResult>((resolve, reject) => {
    const socket: Socket = connect({ host: options.host, port: options.port });
    socket.setNoDelay(true);
    const result = (closedByServer: boolean): SessionResult => ({ delivered, packets, closedByServer });
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      generation++;
      clearTimeout(timer);
      if (error) {
        socket.destroy();
        reject(new SessionError(error.message, result(false)));
      } else {
        socket.end();
        resolve(result(true));
      }
    };
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => finish(new Error(`no message from the server within ${timeoutMs} ms`)),
        timeoutMs,
      );
    };
    /** Resolves once the bytes are handed over, or the connection is gone. */
    const write = (bytes: Buffer): Promise<void> =>
      new Promise((done) => {
        if (socket.destroyed || !socket.writable || socket.write(bytes)) return done();
        const go = () => {
          socket.off('drain', go);
          socket.off('close', go);
          done();
        };
        socket.on('drain', go);
        socket.on('close', go);
      });

    /** The file in progress was taken by the server: it asked for something else or closed. */
    const confirmCurrent = () => {
      if (current?.sentAll && waiting.delete(current.file.id)) delivered.push(current.file.id);
      current = undefined;
    };

    const sendFrom = async (offset: number, mine: number) => {
      const file = current!;
      const total = file.crcs.length;
      await write(encodeSync(offset));
      for (let n = Math.max(1, offset); n <= total; n++) {
        if (generation !== mine || settled) return;
        const start = (n - 1) * PACKET_SIZE;
        await write(encodeData(file.file.bytes.subarray(start, start + PACKET_SIZE), file.crcs[n - 1]));
        packets++;
        // let the server's messages (a RESUME after a bad CRC) and other cameras in between
        if (n % 16 === 0) await new Promise((next) => setImmediate(next));
        if (cutAfterPackets !== undefined && packets >= cutAfterPackets) {
          finish(new Error(`connection cut after ${packets} packets (fault injection)`));
          return;
        }
      }
      if (generation !== mine || settled) return;
      file.sentAll = true;
      const others = [...waiting.keys()].filter((id) => id !== file.file.id);
      if (others.length) await write(encodeRepeatInit(imei, settingsOf(others)));
    };

    const handle = (message: Message) => {
      const path = message.payload.subarray(0, 7).toString('latin1') as CameraFileId;
      switch (message.command) {
        case CMD.close:
          confirmCurrent();
          return finish();
        case CMD.metadataQuery: {
          if (current && current.file.id !== path) confirmCurrent();
          const file = waiting.get(path) ?? [...waiting.values()][0];
          if (!file) return finish(new Error('metadata asked, but no file waits'));
          return void write(encodeMetadata(file, options.metadataVersion ?? METADATA_VERSION));
        }
        case CMD.fileRequest: {
          if (current && current.file.id !== path) confirmCurrent();
          const file = waiting.get(path);
          if (!file) {
            options.log?.(`[camera] ${imei}: the server asked for ${path}, which does not wait`);
            void write(encodeMessage(CMD.close));
            return finish();
          }
          current = { file, crcs: chainedCrcs(file.bytes, PACKET_SIZE), sentAll: false };
          return void write(encodeStart(current.crcs.length));
        }
        case CMD.resume: {
          if (!current || message.payload.length < 4) return;
          const offset = message.payload.readUInt32BE(0);
          if (offset < 1 || offset > current.crcs.length + 1)
            return finish(new Error(`RESUME ${offset} outside 1..${current.crcs.length}`));
          current.sentAll = false;
          const mine = ++generation;
          return void sendFrom(offset, mine).catch((error: Error) => finish(error));
        }
        default:
          options.log?.(`[camera] ${imei}: unexpected command 0x${message.command.toString(16)}`);
      }
    };

    socket.on('connect', () => {
      arm();
      socket.write(encodeInit(imei, settingsOf(waiting.keys())));
    });
    socket.on('data', (chunk: Buffer) => {
      arm();
      for (const message of reader.push(chunk)) if (!settled) handle(message);
    });
    socket.on('error', (error) => finish(error));
    // a server that hangs up cleanly right after the last packet took the file
    socket.on('end', () => {
      if (current?.sentAll && waiting.size === 1) {
        confirmCurrent();
        finish();
      }
    });
    socket.on('close', () => finish(new Error('connection closed by the server')));
  });
}
