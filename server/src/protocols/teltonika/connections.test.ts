/**
 * What one connection leaves behind: nothing. Partial frames and garbage are held per connection only,
 * released when it closes, never joined with another connection's bytes, and bounded while it is open.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeDevice } from '../testing/fakeDevice';
import { memoryLog, MemorySink, waitFor } from '../testing/memorySink';
import { prng } from '../testing/prng';
import { CODEC_8, type AvlRecord } from './avlRecord';
import { encodeAvlData, ioElement } from './avlEncoder';
import { startTeltonika, type TeltonikaListener } from './listener';
import { encodeImeiPacket, encodeTcpFrame, MAX_DATA_LENGTH } from './tcpFrame';

/** one IMEI per open connection: a second live connection for an IMEI is refused (issue 33) */
const IMEIS = Array.from({ length: 100 }, (_, i) => String(356307042441013 + i));

function frame(first: number, count: number, latitude = -8.8): Buffer {
  const records: AvlRecord[] = Array.from({ length: count }, (_, i) => ({
    timestamp: Date.UTC(2025, 0, 1) + (first + i) * 1000,
    priority: 0,
    longitude: 13.2,
    latitude,
    altitude: 10,
    angle: 90,
    satellites: 9,
    speedKmh: 30,
    eventId: 0,
    io: [ioElement(239, 1, 1), ioElement(16, 4, first + i)],
  }));
  return encodeTcpFrame(encodeAvlData(CODEC_8, records));
}

const idle = (listener: TeltonikaListener) =>
  waitFor(
    () => {
      const s = listener.stats();
      return s.connections === 0 && s.devices === 0 && s.bufferedBytes === 0 && s.udpDevices === 0;
    },
    `the listener to hold nothing (${JSON.stringify(listener.stats())})`,
    10_000,
  );

describe('Teltonika connections leave nothing behind', () => {
  let sink: MemorySink;
  let listener: TeltonikaListener;

  beforeAll(async () => {
    sink = new MemorySink(IMEIS);
    listener = await startTeltonika({ port: 0, host: '127.0.0.1', sink, log: memoryLog() });
  });
  afterAll(() => listener.close());
  beforeEach(() => {
    sink.stored.length = 0;
    sink.storeCalls = 0;
  });

  it('holds the bytes of open partial frames per connection, and releases all of them on close', async () => {
    const r = prng(3);
    const devices: FakeDevice[] = [];
    let partial = 0;
    for (let i = 0; i < 100; i++) {
      const device = await FakeDevice.connect(listener.tcpPort);
      devices.push(device);
      await device.write(encodeImeiPacket(IMEIS[i]));
      expect(await device.read(1)).toEqual(Buffer.from([1]));
      const f = frame(i * 10, 1 + r.int(10));
      const cut = 9 + r.int(f.length - 10);
      await device.write(f.subarray(0, cut));
      partial += cut;
    }
    await waitFor(() => listener.stats().bufferedBytes === partial, 'every partial frame to be buffered');
    expect(listener.stats()).toMatchObject({ connections: 100, devices: 100 });

    // half the devices go away politely, half vanish
    devices.forEach((d, i) => (i % 2 ? d.end() : d.destroy()));
    await idle(listener);
    expect(sink.storeCalls).toBe(0);
  });

  it('releases everything after 1000 connections that each sent garbage, a partial frame or nothing', async () => {
    const r = prng(17);
    let next = 0;
    const worker = async () => {
      while (next < 1000) {
        const i = next++;
        const device = await FakeDevice.connect(listener.tcpPort);
        const f = frame(i, 1 + r.int(5));
        const bytes = [
          Buffer.alloc(0),
          r.bytes(1 + r.int(200)),
          Buffer.concat([encodeImeiPacket(IMEIS[i % 2]), f.subarray(0, r.int(f.length))]),
          Buffer.concat([encodeImeiPacket(IMEIS[i % 2]), r.bytes(1 + r.int(200))]),
          encodeImeiPacket('999999999999999'),
        ][i % 5];
        if (bytes.length) await device.write(bytes).catch(() => undefined);
        if (r.next() < 0.5) device.destroy();
        else {
          device.end();
          await device.closed;
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    await idle(listener);
    expect(sink.storeCalls).toBe(0);
  }, 60_000);

  it('never completes one connection’s partial frame with the bytes of another', async () => {
    const f = frame(0, 3);
    const half = Math.floor(f.length / 2);
    const a = await FakeDevice.connect(listener.tcpPort);
    const b = await FakeDevice.connect(listener.tcpPort);
    await a.write(Buffer.concat([encodeImeiPacket(IMEIS[0]), f.subarray(0, half)]));
    await b.write(Buffer.concat([encodeImeiPacket(IMEIS[1]), f.subarray(half)]));
    expect(await a.read(1)).toEqual(Buffer.from([1]));
    expect(await b.read(1)).toEqual(Buffer.from([1]));
    // b's bytes start mid-frame: not a frame of its own (b's stream is out of sync: the listener closes
    // it), and not the rest of a's (a's half stays held; polled: no event tells)
    await b.closed;
    await waitFor(() => listener.stats().bufferedBytes === half, 'a’s half frame held alone');
    // a command is written to a after anything sent to a before it: it is the first thing a reads
    void listener.sendCommand(IMEIS[0], 'getver', 60_000).catch(() => undefined);
    const header = await a.read(8);
    await a.read(header.readUInt32BE(4) + 4);
    expect(a.unread).toHaveLength(0);
    expect(b.unread).toHaveLength(0);
    expect(sink.storeCalls).toBe(0);
    a.destroy();
    b.destroy();
    await idle(listener);
  });

  it('completes interleaved partial frames of two devices each with its own bytes', async () => {
    const fa = frame(100, 4, -8.81);
    const fb = frame(200, 2, -8.82);
    const a = await FakeDevice.connect(listener.tcpPort);
    const b = await FakeDevice.connect(listener.tcpPort);
    await a.write(encodeImeiPacket(IMEIS[0]));
    await b.write(encodeImeiPacket(IMEIS[1]));
    await a.read(1);
    await b.read(1);
    const steps = 7;
    for (let k = 0; k < steps; k++) {
      await a.write(
        fa.subarray(Math.floor((k * fa.length) / steps), Math.floor(((k + 1) * fa.length) / steps)),
      );
      await b.write(
        fb.subarray(Math.floor((k * fb.length) / steps), Math.floor(((k + 1) * fb.length) / steps)),
      );
    }
    expect((await a.read(4)).readUInt32BE(0)).toBe(4);
    expect((await b.read(4)).readUInt32BE(0)).toBe(2);
    const of = (imei: string) => sink.stored.filter((p) => p.uniqueId === imei);
    expect(of(IMEIS[0]).map((p) => p.latitude)).toEqual([-8.81, -8.81, -8.81, -8.81]);
    expect(of(IMEIS[1]).map((p) => p.attributes.odometer)).toEqual([200, 201]);
    a.end();
    b.end();
    await idle(listener);
  });

  it('closes a connection announcing a frame larger than the limit instead of buffering for it', async () => {
    const device = await FakeDevice.connect(listener.tcpPort);
    await device.write(encodeImeiPacket(IMEIS[0]));
    await device.read(1);
    const header = Buffer.alloc(8);
    header.writeUInt32BE(MAX_DATA_LENGTH + 1, 4);
    await device.write(Buffer.concat([header, Buffer.alloc(1000)]));
    await device.closed;
    await idle(listener);
  });

  it('holds at most one frame of the largest size per connection while it arrives', async () => {
    const device = await FakeDevice.connect(listener.tcpPort);
    await device.write(encodeImeiPacket(IMEIS[0]));
    await device.read(1);
    const header = Buffer.alloc(8);
    header.writeUInt32BE(MAX_DATA_LENGTH, 4);
    await device.write(header);
    const chunk = Buffer.alloc(64 * 1024, 0x11);
    for (let sent = 0; sent < MAX_DATA_LENGTH; sent += chunk.length) {
      await device.write(chunk);
      expect(listener.stats().bufferedBytes).toBeLessThanOrEqual(MAX_DATA_LENGTH + 12);
    }
    // the CRC is wrong: dropped unacknowledged, the buffer is emptied and the connection stays usable
    await device.write(Buffer.alloc(4));
    await waitFor(() => listener.stats().bufferedBytes === 0, 'the frame to be dropped');
    await device.write(frame(300, 1));
    expect((await device.read(4)).readUInt32BE(0)).toBe(1);
    device.end();
    await idle(listener);
  });
});
