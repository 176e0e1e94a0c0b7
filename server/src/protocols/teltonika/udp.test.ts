import { describe, expect, it } from 'vitest';
import { TeltonikaDecodeError } from './avlRecord';
import { decodeUdpPacket, encodeUdpAck, encodeUdpPacket } from './udp';
import { DOC_CODEC8, frameData, hex } from './vectors.testdata';

/** The vendor's UDP example: Codec 8, one record, packet id CAFE, AVL packet id 05, IMEI 352093086403655. */
const DOC_UDP =
  '003DCAFE0105000F33353230393330383634303336353508010000016B4F815B30010000000000000000000000000000000103021503010101425DBC000001';

describe('Teltonika UDP', () => {
  it('decodes the header of the vendor example', () => {
    const packet = decodeUdpPacket(hex(DOC_UDP));
    expect(packet).toMatchObject({
      packetId: 0xcafe,
      packetType: 1,
      avlPacketId: 5,
      imei: '352093086403655',
    });
    expect(packet.data[0]).toBe(0x08);
    expect(packet.data[1]).toBe(1);
    expect(packet.data.at(-1)).toBe(1);
  });

  it('builds the ack 0005 | packetId | 01 | avlPacketId | count', () => {
    expect(encodeUdpAck(0xcafe, 0x05, 1).toString('hex')).toBe('0005cafe010501');
  });

  it('round-trips a packet through the encoder', () => {
    const data = frameData(hex(DOC_CODEC8));
    const datagram = encodeUdpPacket({ packetId: 7, avlPacketId: 200, imei: '356307042441013', data });
    expect(decodeUdpPacket(datagram)).toEqual({
      packetId: 7,
      packetType: 1,
      avlPacketId: 200,
      imei: '356307042441013',
      data,
    });
  });

  it.each([
    ['a length that does not cover the datagram', (b: Buffer) => b.writeUInt16BE(b.readUInt16BE(0) + 1, 0)],
    ['an IMEI of letters', (b: Buffer) => b.write('A', 8)],
    ['an IMEI length of 0', (b: Buffer) => b.writeUInt16BE(0, 6)],
  ])('rejects %s', (_name, corrupt) => {
    const datagram = Buffer.from(hex(DOC_UDP));
    corrupt(datagram);
    expect(() => decodeUdpPacket(datagram)).toThrow(TeltonikaDecodeError);
  });

  it('rejects a datagram shorter than a header', () => {
    expect(() => decodeUdpPacket(Buffer.from([0x00, 0x01, 0x00]))).toThrow(TeltonikaDecodeError);
  });
});
