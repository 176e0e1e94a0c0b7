import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { SerialQueue } from '../serialQueue';
import type { IngestSink, ProtocolLog } from '../types';
import { CODEC_12, TeltonikaDecodeError } from './avlRecord';
import { decodeAvlPositions } from './recordToPosition';
import { decodeUdpPacket, encodeUdpAck, type UdpPacket } from './udp';

export interface TeltonikaUdpOptions {
  port: number;
  host?: string;
  sink: IngestSink;
  log: ProtocolLog;
}

export interface TeltonikaUdpListener {
  port: number;
  /** devices with datagrams being handled (their ordering queues); 0 when idle */
  stats(): { devices: number };
  close(): Promise<void>;
}

function bind(socket: Socket, port: number, host?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
}

/**
 * Teltonika over UDP. Each device's datagrams are handled in arrival order and acknowledged only after
 * the sink committed them; an unknown device, a malformed packet or a failed store gets no ack, so the
 * device sends the packet again.
 */
export async function startTeltonikaUdp(options: TeltonikaUdpOptions): Promise<TeltonikaUdpListener> {
  const { sink, log } = options;
  const socket = createSocket(options.host?.includes(':') ? 'udp6' : 'udp4');
  const queues = new Map<string, SerialQueue>();

  const queueFor = (imei: string): SerialQueue => {
    let queue = queues.get(imei);
    if (!queue) {
      queue = new SerialQueue();
      queues.set(imei, queue);
    }
    return queue;
  };

  async function handle(packet: UdpPacket, port: number, address: string): Promise<void> {
    if (packet.data[0] === CODEC_12) return;
    const positions = decodeAvlPositions(packet.data, packet.imei);
    if (!(await sink.isKnownDevice(packet.imei))) {
      log.info({ uniqueId: packet.imei }, 'teltonika unknown device (UDP)');
      return;
    }
    if (positions.length > 0) await sink.store(positions);
    socket.send(encodeUdpAck(packet.packetId, packet.avlPacketId, positions.length), port, address);
  }

  socket.on('message', (datagram, remote) => {
    let packet: UdpPacket;
    try {
      packet = decodeUdpPacket(datagram);
    } catch (error) {
      log.debug({ err: error, remote: remote.address }, 'teltonika UDP packet rejected');
      return;
    }
    const imei = packet.imei;
    const queue = queueFor(imei);
    queue
      .run(() => handle(packet, remote.port, remote.address))
      .catch((error: unknown) => {
        if (error instanceof TeltonikaDecodeError) {
          log.warn({ uniqueId: imei, reason: error.message }, 'teltonika UDP packet rejected');
        } else {
          log.error({ err: error, uniqueId: imei }, 'teltonika UDP packet not stored');
        }
      })
      .finally(() => {
        if (queue.size === 0 && queues.get(imei) === queue) queues.delete(imei);
      });
  });
  socket.on('error', (error) => log.error({ err: error }, 'teltonika UDP listener error'));
  try {
    await bind(socket, options.port, options.host);
  } catch (error) {
    socket.close();
    throw error;
  }

  return {
    port: (socket.address() as AddressInfo).port,
    stats: () => ({ devices: queues.size }),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
