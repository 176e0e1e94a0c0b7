import { createSocket, type Socket } from 'node:dgram';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferred, memoryLog, MemorySink, waitFor } from '../testing/memorySink';
import { pause } from '../testing/fakeDevice';
import { startTeltonika, type TeltonikaListener } from './listener';
import { encodeUdpPacket } from './udp';
import { DOC_CODEC16, DOC_CODEC8, frameData, hex } from './vectors.testdata';

const IMEI = '352093086403655';

let sink: MemorySink;
let listener: TeltonikaListener;
let client: Socket;
let received: Buffer[];

beforeEach(async () => {
  sink = new MemorySink([IMEI]);
  listener = await startTeltonika({ port: 0, host: '127.0.0.1', sink, log: memoryLog() });
  received = [];
  client = createSocket('udp4');
  client.on('message', (message) => received.push(message));
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

describe('Teltonika UDP listener', () => {
  it('answers the vendor example with the exact ack after storing it', async () => {
    await send(
      hex(
        '003DCAFE0105000F33353230393330383634303336353508010000016B4F815B30010000000000000000000000000000000103021503010101425DBC000001',
      ),
    );
    await waitFor(() => received.length === 1, 'the ack');
    expect(received[0].toString('hex')).toBe('0005cafe010501');
    expect(sink.stored).toHaveLength(1);
    expect(sink.stored[0]).toMatchObject({ uniqueId: IMEI, protocol: 'teltonika' });
    expect(sink.stored[0].attributes).toMatchObject({ rssi: 3, in1: true, power: 23.996 });
  });

  it('acks the record count of a Codec 16 packet', async () => {
    await send(packet(0x0102, 0x33, DOC_CODEC16));
    await waitFor(() => received.length === 1, 'the ack');
    expect(received[0]).toEqual(hex('0005 0102 01 33 02'));
    expect(sink.stored).toHaveLength(2);
  });

  it('acks only after the store has committed', async () => {
    const gate = deferred();
    sink.beforeCommit = () => gate.promise;
    await send(packet(1, 1));
    await waitFor(() => sink.storeCalls === 1, 'the store call');
    await pause(80);
    expect(received).toHaveLength(0);
    gate.resolve();
    await waitFor(() => received.length === 1, 'the ack');
    expect(received[0]).toEqual(hex('0005 0001 01 01 01'));
  });

  it('handles the packets of one device in order', async () => {
    const gate = deferred();
    sink.beforeCommit = () => (sink.storeCalls === 1 ? gate.promise : Promise.resolve());
    await send(packet(1, 10));
    await waitFor(() => sink.storeCalls === 1, 'the first store');
    await send(packet(2, 11, DOC_CODEC16));
    await pause(50);
    expect(sink.storeCalls).toBe(1);
    gate.resolve();
    await waitFor(() => received.length === 2, 'both acks');
    expect(received.map((r) => r.toString('hex'))).toEqual(['0005000101' + '0a01', '0005000201' + '0b02']);
  });

  it('does not ack when the store fails', async () => {
    sink.beforeCommit = async () => {
      throw new Error('disk full');
    };
    await send(packet(1, 1));
    await waitFor(() => sink.storeCalls === 1, 'the store call');
    await pause(80);
    expect(received).toHaveLength(0);
  });

  it('does not ack an unknown device', async () => {
    await send(packet(1, 1, DOC_CODEC8, '111111111111111'));
    await pause(80);
    expect(received).toHaveLength(0);
    expect(sink.storeCalls).toBe(0);
  });

  it('does not ack malformed packets and keeps serving', async () => {
    const bad = packet(1, 1);
    bad[bad.length - 1] = 9;
    await send(bad);
    await send(Buffer.from('garbage'));
    await send(packet(2, 2));
    await waitFor(() => received.length === 1, 'the ack of the good packet');
    await pause(50);
    expect(received.map((r) => r.toString('hex'))).toEqual(['0005000201' + '0201']);
  });
});
