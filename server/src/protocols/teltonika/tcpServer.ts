import { createServer, type AddressInfo, type Server } from 'node:net';
import { DeviceConnections, type TcpListenerCounters, type TcpListenerStats } from '../deviceConnections';
import type { IngestSink, ProtocolLog } from '../types';

export type { TcpListenerCounters, TcpListenerStats } from '../deviceConnections';
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

export interface TeltonikaTcpListener {
  port: number;
  stats(): TcpListenerStats;
  counters(): TcpListenerCounters;
  /** Sends a Codec 12 command to the device's open connection and resolves with its answer. */
  sendCommand(uniqueId: string, text: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

const DEFAULT_IDLE_TIMEOUT_MS = 10 * 60_000;
export { DEFAULT_COMMAND_TIMEOUT_MS } from '../deviceConnections';
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
  const connections = new DeviceConnections<TeltonikaSession>((session, holder) =>
    log.warn(
      { uniqueId: session.uniqueId, remote: session.remoteAddress, holder: holder.remoteAddress },
      'teltonika second connection for a connected device refused',
    ),
  );

  const server = createServer({ allowHalfOpen: true }, (socket) => {
    socket.setKeepAlive(true);
    socket.setTimeout(options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, () => socket.destroy());
    const session = new TeltonikaSession(socket, {
      sink,
      log,
      commandCheckMs: options.commandCheckMs ?? DEFAULT_COMMAND_CHECK_MS,
      identified: (s) => connections.claim(s),
      closed: (s) => connections.closed(s),
    });
    connections.add(session);
  });
  server.on('error', (error) => log.error({ err: error }, 'teltonika TCP listener error'));
  await listen(server, options.port, options.host);

  return {
    port: (server.address() as AddressInfo).port,
    stats: () => connections.stats(),
    counters: () => connections.counters(),
    sendCommand: (uniqueId, text, timeoutMs) => connections.sendCommand(uniqueId, text, timeoutMs),
    close: () => connections.close(server),
  };
}
