import {
  startTeltonikaTcp,
  type TcpListenerCounters,
  type TcpListenerStats,
  type TeltonikaListenOptions,
} from './tcpServer';
import { startTeltonikaUdp } from './udpServer';

export interface TeltonikaListener {
  tcpPort: number;
  udpPort: number;
  /** what the listener holds in memory: TCP connections and buffers, UDP per-device queues */
  stats(): TcpListenerStats & { udpDevices: number };
  /** running totals: second connections refused for an IMEI another connection holds */
  counters(): TcpListenerCounters;
  sendCommand(uniqueId: string, text: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
}

/**
 * Teltonika devices on one port number over TCP and UDP. With port 0 the UDP socket takes the TCP
 * port when it is free, or any free port otherwise; the bound ports are reported either way.
 */
export async function startTeltonika(options: TeltonikaListenOptions): Promise<TeltonikaListener> {
  const tcp = await startTeltonikaTcp(options);
  let udp;
  try {
    udp = await startTeltonikaUdp({ ...options, port: tcp.port }).catch((error: unknown) => {
      if (options.port === 0 && isAddressInUse(error)) return startTeltonikaUdp({ ...options, port: 0 });
      throw error;
    });
  } catch (error) {
    await tcp.close();
    throw error;
  }
  return {
    tcpPort: tcp.port,
    udpPort: udp.port,
    stats: () => ({ ...tcp.stats(), udpDevices: udp.stats().devices }),
    counters: () => tcp.counters(),
    sendCommand: (uniqueId, text, timeoutMs) => tcp.sendCommand(uniqueId, text, timeoutMs),
    close: async () => {
      await Promise.all([tcp.close(), udp.close()]);
    },
  };
}
