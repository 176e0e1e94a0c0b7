import { createServer, type AddressInfo } from 'node:net';
import { listen } from '../teltonika/tcpServer';
import type { IngestSink, ProtocolLog } from '../types';
import type { ProtocolCodec, ProtocolName } from './codec';
import { DeviceConnections } from '../deviceConnections';
import { FramedSession } from './session';

export interface FramedListenOptions {
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

export interface FramedListener {
  protocol: ProtocolName;
  port: number;
  /** open connections, identified devices, bytes held for incomplete frames: all 0 once devices are gone */
  stats(): { connections: number; devices: number; bufferedBytes: number };
  /** second connections refused for an id another live connection holds */
  counters(): { conflicts: number };
  /** whether this listener holds a live connection of the device */
  connected(uniqueId: string): boolean;
  sendCommand(uniqueId: string, text: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

const DEFAULT_IDLE_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_COMMAND_CHECK_MS = 30_000;

/**
 * A TCP listener for one framed protocol. As for Teltonika (issue 33), the first live connection of a
 * device keeps it: a second one presenting the same id is refused, logged and counted.
 */
export async function startFramedTcp<State>(
  codec: ProtocolCodec<State>,
  options: FramedListenOptions,
): Promise<FramedListener> {
  const { sink, log } = options;
  const connections = new DeviceConnections<FramedSession>();

  const server = createServer({ allowHalfOpen: true }, (socket) => {
    socket.setKeepAlive(true);
    socket.setTimeout(options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, () => socket.destroy());
    const session = new FramedSession(socket, codec, {
      sink,
      log,
      commandCheckMs: options.commandCheckMs ?? DEFAULT_COMMAND_CHECK_MS,
      identified: (s) => connections.claim(s),
      closed: (s) => connections.closed(s),
    });
    connections.add(session as FramedSession);
  });
  server.on('error', (error) => log.error({ err: error, protocol: codec.name }, 'device listener error'));
  await listen(server, options.port, options.host);

  return {
    protocol: codec.name,
    port: (server.address() as AddressInfo).port,
    stats: () => connections.stats(),
    counters: () => connections.counters(),
    connected: (uniqueId) => connections.holder(uniqueId)?.alive === true,
    sendCommand: (uniqueId, text, timeoutMs) => connections.sendCommand(uniqueId, text, timeoutMs),
    close: () => connections.close(server),
  };
}
