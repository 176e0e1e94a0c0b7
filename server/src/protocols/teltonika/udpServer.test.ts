import { createSocket, type Socket } from 'node:dgram';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferred, memoryLog, MemorySink, Signal } from '../testing/memorySink';
import { startTeltonika, type TeltonikaListener } from './listener';
import { encodeUdpPacket } from './udp';
import { DOC_CODEC16, DOC_CODEC8, frameData, hex } from './vectors.testdata';

const IMEI = '352093086403655';
/** a second device: its packets are handled beside the first's, in their own queue */
const OTHER = '352093086403656';

let sink: MemorySink;
let listener: TeltonikaListener;
let client: Socket;
let received: Buffer[];
let arrived: Signal;

beforeEach(async () => {
  sink = new MemorySink([IMEI, OTHER]);
  listener = await startTeltonika({ port: 0, host: '127.0.0.1', sink, log: memoryLog() });
  received = [];
  arrived = new Signal();
  client = createSocket('udp4');
  client.on('message', (message) => {
    received.push(message);
    arrived.notify();
  });
  await new Promise<void>((resolve) => client.bind(0, '127.0.0.1', resolve));
});

afterEach(async () => {
  await new Promise<void>((resolve) => client.close(() => resolve()));
  await listener.close();
});

const send = (datagram: Buffer) =>
  new Promise<void>((resolve, reject) =>
    client.send(datagram, listener.udpPort, '127.0.0.1', (error) => (error ? reject(error) : resolve())),
  );

const packet = (packetId: number, avlPacketId: number, frame = DOC_CODEC8, imei = IMEI) =>
  encodeUdpPacket({ packetId, avlPacketId, imei, data: frameData(hex(frame)) });

const acks = (n: number, what: string) => arrived.until(() => received.length >= n, what);

/**
 * The other device's packet and its ack: the listener sends that ack after anything it sent before on
 * this socket (and loopback keeps the order), so what arrived before it is all it had sent.
 */
async function barrier(): Promise<Buffer> {
  const before = received.length;
  await send(packet(0xbeef, 0xee, DOC_CODEC8, OTHER));
  await acks(before + 1, 'the other device’s ack');
  return received.at(-1)!;
}
const BARRIER_ACK = '0005beef01ee01';

describe('Teltonika UDP listener', () => {
  it('answers the vendor example with the exact ack after storing it', async () => {
    await send(
      hex(
        '003DCAFE0105000F33353230393330383634303336353508010000016B4F815B30010000000000000000000000000000000103021503010101425DBC000001',
      ),
    );
    await acks(1, 'the ack');
    expect(received[0].toString('hex')).toBe('0005cafe010501');
    expect(sink.stored).toHaveLength(1);
    expect(sink.stored[0]).toMatchObject({ uniqueId: IMEI, protocol: 'teltonika' });
    expect(sink.stored[0].attributes).toMatchObject({ rssi: 3, in1: true, power: 23.996 });
  });

  it('acks the record count of a Codec 16 packet', async () => {
    await send(packet(0x0102, 0x33, DOC_CODEC16));
    await acks(1, 'the ack');
    expect(received[0]).toEqual(hex('0005 0102 01 33 02'));
    expect(sink.stored).toHaveLength(2);
  });

  it('acks only after the store has committed', async () => {
    const gate = deferred();
    sink.beforeCommit = (positions) => (positions[0].uniqueId === IMEI ? gate.promise : Promise.resolve());
    await send(packet(1, 1));
    await sink.until(() => sink.storeCalls === 1, 'the store call');
    expect((await barrier()).toString('hex')).toBe(BARRIER_ACK);
    expect(received).toHaveLength(1);
    gate.resolve();
    await acks(2, 'the ack');
    expect(received[1]).toEqual(hex('0005 0001 01 01 01'));
  });

  it('handles the packets of one device in order', async () => {
    const gate = deferred();
    const stores: string[] = [];
    sink.beforeCommit = (positions) => {
      stores.push(positions[0].uniqueId);
      return sink.storeCalls === 1 ? gate.promise : Promise.resolve();
    };
    await send(packet(1, 10));
    await sink.until(() => sink.storeCalls === 1, 'the first store');
    await send(packet(2, 11, DOC_CODEC16));
    // handled after the second packet: a store of it out of turn would come before this one's ack
    expect((await barrier()).toString('hex')).toBe(BARRIER_ACK);
    expect(stores).toEqual([IMEI, OTHER]);
    gate.resolve();
    await acks(3, 'both acks');
    expect(received.slice(1).map((r) => r.toString('hex'))).toEqual([
      '0005000101' + '0a01',
      '0005000201' + '0b02',
    ]);
  });

  it('does not ack when the store fails', async () => {
    sink.beforeCommit = async (positions) => {
      if (positions[0].uniqueId === IMEI) throw new Error('disk full');
    };
    await send(packet(1, 1));
    await sink.until(() => sink.storeCalls === 1, 'the store call');
    expect((await barrier()).toString('hex')).toBe(BARRIER_ACK);
    expect(received).toHaveLength(1);
  });

  it('does not ack an unknown device', async () => {
    await send(packet(1, 1, DOC_CODEC8, '111111111111111'));
    // handled after the unknown device's packet: its ack is the first thing the listener sends
    expect((await barrier()).toString('hex')).toBe(BARRIER_ACK);
    expect(received).toHaveLength(1);
    expect(sink.stored.map((p) => p.uniqueId)).toEqual([OTHER]);
    expect(sink.storeCalls).toBe(1);
  });

  it('does not ack malformed packets and keeps serving', async () => {
    const bad = packet(1, 1);
    bad[bad.length - 1] = 9;
    await send(bad);
    await send(Buffer.from('garbage'));
    await send(packet(2, 2));
    // the same device's queue: the good packet is handled after the bad ones, its ack sent after theirs
    await acks(1, 'the ack of the good packet');
    expect(received.map((r) => r.toString('hex'))).toEqual(['0005000201' + '0201']);
  });
});
