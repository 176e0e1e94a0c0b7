/**
 * The camera upload listener (FROTA_CAMERA_PORT): one CameraSession per TCP connection, each on its own, so
 * several cameras upload at once and a stalled one (closed after `idleTimeoutMs` of silence) holds up no other.
 * Partial files outlive their connection (partials.ts) so a camera that reconnects resumes where it broke off.
 */
import { createServer, type AddressInfo } from 'node:net';
import type { ProtocolLog } from '../types';
import { listen } from '../teltonika/tcpServer';
import { DEFAULT_PARTIAL_TTL_MS, PartialFiles, type DropReason, type PartialFile } from './partials';
import { CameraSession, DEFAULT_MAX_PACKETS, type CameraFileSink } from './session';
import { PACKET_BYTES } from './messages';

export interface CameraListenOptions {
  /** 0 picks a free port (tests) */
  port: number;
  host?: string;
  sink: CameraFileSink;
  log: ProtocolLog;
  /** a connection silent this long is closed (default 60 s); the camera reconnects and resumes */
  idleTimeoutMs?: number;
  /** partial files are dropped after this long without progress (default 10 min) */
  partialTtlMs?: number;
  /** bytes of partial files held per IMEI (default: one file of the largest size, maxPackets KiB) */
  maxPartialBytesPerDevice?: number;
  /** bytes of partial files held over all cameras (default 256 MiB) */
  maxPartialBytes?: number;
  /** told of each partial file dropped before it was complete (tests wait on it) */
  onPartialDropped?: (dropped: { imei: string; file: string; bytes: number; reason: DropReason }) => void;
  /** after the last file, how long to wait for a repeated init (0x0009) before closing (default 1 s) */
  repeatWaitMs?: number;
  maxPackets?: number;
}

export interface CameraListenerStats {
  connections: number;
  partialFiles: number;
  partialBytes: number;
  /** bytes held for commands not yet complete, over all connections */
  bufferedBytes: number;
}

export interface CameraListener {
  port: number;
  stats(): CameraListenerStats;
  close(): Promise<void>;
}

export const DEFAULT_CAMERA_IDLE_MS = 60_000;

export async function startCameraListener(options: CameraListenOptions): Promise<CameraListener> {
  const { log } = options;
  const ttlMs = options.partialTtlMs ?? DEFAULT_PARTIAL_TTL_MS;
  const dropped = (partial: PartialFile, reason: DropReason, bytes: number) => {
    log.info({ imei: partial.imei, file: partial.file, reason, bytes }, 'camera partial file dropped');
    options.onPartialDropped?.({ imei: partial.imei, file: partial.file, bytes, reason });
  };
  const partials = new PartialFiles(ttlMs, Date.now, {
    maxBytesPerDevice:
      options.maxPartialBytesPerDevice ?? (options.maxPackets ?? DEFAULT_MAX_PACKETS) * PACKET_BYTES,
    maxBytes: options.maxPartialBytes,
    onDrop: dropped,
  });
  const sessions = new Set<{ session: CameraSession; destroy: () => void }>();

  const server = createServer((socket) => {
    socket.setKeepAlive(true);
    socket.setNoDelay(true);
    const session = new CameraSession(
      {
        write: (bytes) => {
          if (!socket.destroyed) socket.write(bytes);
        },
        end: () => socket.end(),
      },
      {
        sink: options.sink,
        partials,
        log,
        repeatWaitMs: options.repeatWaitMs,
        maxPackets: options.maxPackets,
      },
    );
    const entry = { session, destroy: () => socket.destroy() };
    sessions.add(entry);
    socket.setTimeout(options.idleTimeoutMs ?? DEFAULT_CAMERA_IDLE_MS, () => {
      log.info({ imei: session.imei }, 'camera connection idle: closed');
      socket.destroy();
    });
    socket.on('data', (chunk: Buffer) => void session.receive(chunk));
    socket.on('error', (err) => log.debug({ imei: session.imei, err }, 'camera connection error'));
    socket.on('close', () => {
      session.destroy();
      sessions.delete(entry);
    });
  });
  server.on('error', (err) => log.error({ err }, 'camera listener error'));
  // often enough that a partial outlives its time to live by at most a fraction of it
  const sweeper = setInterval(() => partials.sweep(), Math.max(10, Math.min(60_000, ttlMs / 4)));
  sweeper.unref();
  await listen(server, options.port, options.host);

  return {
    port: (server.address() as AddressInfo).port,
    stats() {
      let bufferedBytes = 0;
      for (const { session } of sessions) bufferedBytes += session.buffered;
      return {
        connections: sessions.size,
        partialFiles: partials.size,
        partialBytes: partials.bytes,
        bufferedBytes,
      };
    },
    close() {
      clearInterval(sweeper);
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const { destroy } of sessions) destroy();
        partials.clear();
      });
    },
  };
}
