import { createServer, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CODEC12_RESPONSE,
  TeltonikaFrameReader,
  decodeAvlData,
  ioElement,
  decodeCodec12,
  encodeCodec12Command,
  encodeTcpAck,
} from '../../../server/src/protocols';
import { TeltonikaClient } from './teltonikaClient';
import type { Sample } from './vehicle';

const sample = (time: number): Sample => ({
  time,
  latitude: -8.83,
  longitude: 13.24,
  altitude: 40,
  course: 90,
  speedKmh: 30,
  satellites: 9,
  ignition: true,
  motion: true,
  idling: false,
  odometer: 1000,
  fuel: 50,
  powerMv: 13800,
  batteryMv: 4100,
  rssi: 4,
  driver: null,
  event: null,
});

describe('simulated Teltonika tracker and server commands', () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  it('answers Codec 12 commands that arrive while idle or just before an ack', async () => {
    const answers: string[] = [];
    let third!: () => void;
    const threeAnswers = new Promise<void>((resolve) => (third = resolve));
    let device!: Socket;
    const server = createServer((socket) => {
      device = socket;
      const reader = new TeltonikaFrameReader();
      socket.on('data', (chunk: Buffer) => {
        for (const event of reader.push(chunk)) {
          if (event.type === 'imei') {
            socket.write(Buffer.from([1]));
            // a command right after the handshake, before any record
            socket.write(encodeCodec12Command('camgetver'));
          } else if (event.type === 'frame' && event.data[0] === 0x0c) {
            const message = decodeCodec12(event.data);
            expect(message.type).toBe(CODEC12_RESPONSE);
            answers.push(message.text);
            if (answers.length === 3) third();
          } else if (event.type === 'frame') {
            // a command written in the same segment as the ack, ahead of it
            socket.write(
              Buffer.concat([encodeCodec12Command('camreq:1,1,0,0,h,1'), encodeTcpAck(event.data[1])]),
            );
          }
        }
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    close = () => server.close();
    const port = (server.address() as { port: number }).port;
    const received: string[] = [];
    let fourth!: () => void;
    const fourCommands = new Promise<void>((resolve) => (fourth = resolve));
    const client = new TeltonikaClient({
      host: '127.0.0.1',
      port,
      imei: '356307042440001',
      onCommand: (text) => {
        received.push(text);
        if (received.length === 4) fourth();
        return text === 'camgetver' ? 'DualCam 1.0' : text === 'unknown' ? undefined : 'ok';
      },
    });
    await client.send([sample(Date.now() - 20_000), sample(Date.now() - 10_000)]);
    await client.send([sample(Date.now())]);
    device.write(encodeCodec12Command('unknown'));
    await fourCommands;
    expect(received).toEqual(['camgetver', 'camreq:1,1,0,0,h,1', 'camreq:1,1,0,0,h,1', 'unknown']);
    await threeAnswers;
    expect(answers).toEqual(['DualCam 1.0', 'ok', 'ok']);
    expect(client.connected).toBe(true);
    client.close();
  });

  it('adds the accessories IO to every record', async () => {
    const ios: number[][] = [];
    const codecs: number[] = [];
    const server = createServer((socket) => {
      const reader = new TeltonikaFrameReader();
      socket.on('data', (chunk: Buffer) => {
        for (const event of reader.push(chunk)) {
          if (event.type === 'imei') socket.write(Buffer.from([1]));
          if (event.type !== 'frame') continue;
          const packet = decodeAvlData(event.data);
          codecs.push(packet.codec);
          for (const record of packet.records) ios.push(record.io.map((io) => io.id));
          socket.write(encodeTcpAck(packet.records.length));
        }
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    close = () => server.close();
    const client = new TeltonikaClient({
      host: '127.0.0.1',
      port: (server.address() as { port: number }).port,
      imei: '356307042440002',
      io: [ioElement(497, 1, 3), ioElement(498, 1, 3)],
    });
    await client.send([sample(Date.now() - 10_000), sample(Date.now())]);
    client.close();
    expect(ios).toHaveLength(2);
    for (const ids of ios) expect(ids).toEqual(expect.arrayContaining([239, 497, 498]));
    expect(codecs).toEqual([0x8e]);
  });
});
