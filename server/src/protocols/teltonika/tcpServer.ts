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

/** Running totals since the listener started. */
export interface TcpListenerCounters {
  /** connections refused because another live connection already held their IMEI */
  conflicts: number;
}

export interface TeltonikaTcpListener {
  port: number;
  stats(): TcpListenerStats;
  counters(): TcpListenerCounters;
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
  /**
   * The connection that holds each device: records are taken and commands sent there only. The first
   * connection keeps it while it is alive (issue 33): IMEIs are no secret, so a second connection
   * presenting one must not take over a connected vehicle (its records, its immobiliser). It is refused
   * (00), logged and counted. The holder lets go when its socket closes or ends, or falls silent for the
   * idle timeout (the socket is then destroyed); a device that reconnects is accepted from then on.
   */
  const byDevice = new Map<string, TeltonikaSession>();
  const counters: TcpListenerCounters = { conflicts: 0 };

  const claim = (session: TeltonikaSession): boolean => {
    const uniqueId = session.uniqueId as string;
    const holder = byDevice.get(uniqueId);
    if (holder && holder !== session && holder.alive) {
      counters.conflicts++;
      log.warn(
        { uniqueId, remote: session.remoteAddress, holder: holder.remoteAddress },
        'teltonika second connection for a connected device refused',
      );
      return false;
    }
    byDevice.set(uniqueId, session);
    return true;
  };

  const server = createServer({ allowHalfOpen: true }, (socket) => {
    socket.setKeepAlive(true);
    socket.setTimeout(options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, () => socket.destroy());
    const session = new TeltonikaSession(socket, {
      sink,
      log,
      commandCheckMs: options.commandCheckMs ?? DEFAULT_COMMAND_CHECK_MS,
      identified: claim,
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
    counters: () => ({ ...counters }),
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
