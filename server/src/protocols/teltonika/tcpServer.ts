import { createServer, type AddressInfo, type Server } from 'node:net';
import type { IngestSink, ProtocolLog } from '../types';
import { TeltonikaSession } from './tcpSession';

export interface TeltonikaListenOptions {
  /** 0 picks a free port (tests) */
  port: number;
  host?: string;
  sink: IngestSink;
  log: ProtocolLog;
  /** a connection silent this long is closed; devices reconnect on their own */
  idleTimeoutMs?: number;
  /** how often a reporting device's queued commands are looked up (the first report always is) */
  commandCheckMs?: number;
}

/** What the listener holds in memory; every figure returns to 0 when the devices are gone. */
export interface TcpListenerStats {
  /** open connections */
  connections: number;
  /** identified devices reachable for commands */
  devices: number;
  /** bytes held for frames not yet complete, over all connections */
  bufferedBytes: number;
}

export interface TeltonikaTcpListener {
  port: number;
  stats(): TcpListenerStats;
  /** Sends a Codec 12 command to the device's open connection and resolves with its answer. */
  sendCommand(uniqueId: string, text: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

const DEFAULT_IDLE_TIMEOUT_MS = 10 * 60_000;
export const DEFAULT_COMMAND_TIMEOUT_MS = 30_000;
/** A command queued on another node while the device stays connected here waits at most this long. */
const DEFAULT_COMMAND_CHECK_MS = 30_000;

export function listen(server: Server, port: number, host?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function startTeltonikaTcp(options: TeltonikaListenOptions): Promise<TeltonikaTcpListener> {
  const { sink, log } = options;
  const sessions = new Set<TeltonikaSession>();
  /** the newest identified connection of each device: that is where commands go */
  const byDevice = new Map<string, TeltonikaSession>();

  const server = createServer({ allowHalfOpen: true }, (socket) => {
    socket.setKeepAlive(true);
    socket.setTimeout(options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, () => socket.destroy());
    const session = new TeltonikaSession(socket, {
      sink,
      log,
      commandCheckMs: options.commandCheckMs ?? DEFAULT_COMMAND_CHECK_MS,
      identified: (s) => byDevice.set(s.uniqueId as string, s),
      closed: (s) => {
        sessions.delete(s);
        if (s.uniqueId && byDevice.get(s.uniqueId) === s) byDevice.delete(s.uniqueId);
      },
    });
    sessions.add(session);
  });
  server.on('error', (error) => log.error({ err: error }, 'teltonika TCP listener error'));
  await listen(server, options.port, options.host);

  return {
    port: (server.address() as AddressInfo).port,
    stats() {
      let bufferedBytes = 0;
      for (const session of sessions) bufferedBytes += session.buffered;
      return { connections: sessions.size, devices: byDevice.size, bufferedBytes };
    },
    sendCommand(uniqueId, text, timeoutMs = DEFAULT_COMMAND_TIMEOUT_MS) {
      const session = byDevice.get(uniqueId);
      if (!session) return Promise.reject(new Error(`device ${uniqueId} is not connected`));
      return session.sendCommand(text, timeoutMs);
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      });
    },
  };
}
