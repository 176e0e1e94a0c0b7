import { TeltonikaDecodeError } from './avlRecord';
import { ByteCursor } from './byteCursor';
import { MAX_IMEI_LENGTH } from './tcpFrame';

/**
 * Teltonika over UDP: `u16 length | u16 packetId | u8 packet type | u8 avlPacketId | u16 imeiLength |
 * IMEI | AVL data`. No CRC; the length must cover the datagram exactly.
 */
export interface UdpPacket {
  packetId: number;
  packetType: number;
  avlPacketId: number;
  imei: string;
  /** codec .. second record count */
  data: Buffer;
}

export function decodeUdpPacket(datagram: Buffer): UdpPacket {
  const cursor = new ByteCursor(datagram);
  const length = cursor.u16();
  if (length !== datagram.length - 2) {
    throw new TeltonikaDecodeError(`UDP length ${length} for a ${datagram.length}-byte datagram`);
  }
  const packetId = cursor.u16();
  const packetType = cursor.u8();
  const avlPacketId = cursor.u8();
  const imeiLength = cursor.u16();
  if (imeiLength < 1 || imeiLength > MAX_IMEI_LENGTH) {
    throw new TeltonikaDecodeError(`bad IMEI length ${imeiLength}`);
  }
  const imeiBytes = cursor.bytes(imeiLength);
  if (!imeiBytes.every((b) => b >= 0x30 && b <= 0x39)) throw new TeltonikaDecodeError('IMEI is not digits');
  const data = cursor.bytes(cursor.remaining);
  return { packetId, packetType, avlPacketId, imei: imeiBytes.toString('ascii'), data };
}

/** `0005 | packetId | 01 | avlPacketId | recordsAccepted`. */
export function encodeUdpAck(packetId: number, avlPacketId: number, recordsAccepted: number): Buffer {
  const ack = Buffer.alloc(7);
  ack.writeUInt16BE(5, 0);
  ack.writeUInt16BE(packetId, 2);
  ack[4] = 0x01;
  ack[5] = avlPacketId;
  ack[6] = recordsAccepted;
  return ack;
}

export interface UdpPacketInput {
  packetId: number;
  avlPacketId: number;
  imei: string;
  data: Buffer;
  packetType?: number;
}

/** Builds a datagram as a device sends it (simulator and tests). */
export function encodeUdpPacket(p: UdpPacketInput): Buffer {
  const imei = Buffer.from(p.imei, 'ascii');
  const datagram = Buffer.alloc(2 + 2 + 1 + 1 + 2 + imei.length + p.data.length);
  datagram.writeUInt16BE(datagram.length - 2, 0);
  datagram.writeUInt16BE(p.packetId, 2);
  datagram[4] = p.packetType ?? 0x01;
  datagram[5] = p.avlPacketId;
  datagram.writeUInt16BE(imei.length, 6);
  imei.copy(datagram, 8);
  p.data.copy(datagram, 8 + imei.length);
  return datagram;
}
