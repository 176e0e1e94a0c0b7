import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferred, memoryLog, MemorySink, waitFor } from '../testing/memorySink';
import { FakeDevice } from '../testing/fakeDevice';
import { encodeAvlData, ioElement } from './avlEncoder';
import { CODEC_8E, type AvlRecord } from './avlRecord';
import { CODEC12_RESPONSE, decodeCodec12, encodeCodec12Data } from './codec12';
import { startTeltonika, type TeltonikaListener } from './listener';
import { encodeImeiPacket, encodeTcpFrame } from './tcpFrame';
import { DOC_CODEC16, DOC_CODEC8, frameData, hex } from './vectors.testdata';

const IMEI = '356307042441013';
const ACK = (n: number) => Buffer.from([0, 0, 0, n]);

const record = (minute: number, extra: Partial<AvlRecord> = {}): AvlRecord => ({
  timestamp: Date.UTC(2024, 2, 1, 9, minute),
  priority: 0,
  longitude: 13.2343 + minute / 1000,
  latitude: -8.8383,
  altitude: 60,
  angle: 45,
  satellites: 10,
  speedKmh: 40,
  eventId: 0,
  io: [ioElement(239, 1, 1), ioElement(66, 2, 13800)],
  ...extra,
});
const frameOf = (...records: AvlRecord[]) => encodeTcpFrame(encodeAvlData(CODEC_8E, records));

let sink: MemorySink;
let log: ReturnType<typeof memoryLog>;
let listener: TeltonikaListener;
const devices: FakeDevice[] = [];

async function device(): Promise<FakeDevice> {
  const d = await FakeDevice.connect(listener.tcpPort);
  devices.push(d);
  return d;
}

async function identified(imei = IMEI): Promise<FakeDevice> {
  const d = await device();
  await d.write(encodeImeiPacket(imei));
  expect(await d.read(1)).toEqual(Buffer.from([0x01]));
  return d;
}

/** Reads one Codec 12 frame the server sent and returns its text. */
async function readCommand(d: FakeDevice): Promise<string> {
  const header = await d.read(8);
  const rest = await d.read(header.readUInt32BE(4) + 4);
  return decodeCodec12(rest.subarray(0, rest.length - 4)).text;
}
const answer = (text: string) => encodeTcpFrame(encodeCodec12Data(CODEC12_RESPONSE, text));

beforeEach(async () => {
  sink = new MemorySink([IMEI]);
  log = memoryLog();
  listener = await startTeltonika({ port: 0, host: '127.0.0.1', sink, log });
});

afterEach(async () => {
  for (const d of devices.splice(0)) d.destroy();
  await listener.close();
});

describe('Teltonika TCP listener: handshake', () => {
  it('binds real ports when asked for port 0', () => {
    expect(listener.tcpPort).toBeGreaterThan(0);
    expect(listener.udpPort).toBeGreaterThan(0);
  });

  it('accepts a known IMEI with 01', async () => {
    const d = await device();
    await d.write(hex('000F333536333037303432343431303133'));
    expect(await d.read(1)).toEqual(Buffer.from([0x01]));
  });

  it('answers an unknown IMEI with 00 and closes', async () => {
    const d = await device();
    await d.write(encodeImeiPacket('111111111111111'));
    await d.write(hex(DOC_CODEC8));
    expect(await d.read(1)).toEqual(Buffer.from([0x00]));
    await d.closed;
    expect(d.all).toEqual(Buffer.from([0x00]));
    expect(sink.storeCalls).toBe(0);
  });

  it('closes without an answer when the device lookup fails', async () => {
    sink.isKnownDevice = async () => {
      throw new Error('database down');
    };
    const d = await device();
    await d.write(encodeImeiPacket(IMEI));
    await d.closed;
    expect(d.all.length).toBe(0);
    expect(log.entries.some((e) => e.level === 'error')).toBe(true);
  });

  it('closes on garbage instead of an IMEI', async () => {
    const d = await device();
    await d.write(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
    await d.closed;
    expect(d.all.length).toBe(0);
  });
});

describe('Teltonika TCP listener: records', () => {
  it('stores the documented Codec 8 frame and acks one record', async () => {
    const d = await identified();
    await d.write(hex(DOC_CODEC8));
    expect(await d.read(4)).toEqual(ACK(1));
    expect(sink.stored).toHaveLength(1);
    expect(sink.stored[0]).toMatchObject({ uniqueId: IMEI, protocol: 'teltonika', valid: false });
    expect(sink.stored[0].attributes).toMatchObject({ power: 24.079, rssi: 3, io78: 0 });
  });

  it('acks the number of records in a Codec 16 frame', async () => {
    const d = await identified();
    await d.write(hex(DOC_CODEC16));
    expect(await d.read(4)).toEqual(ACK(2));
    expect(sink.stored.map((p) => p.fixTime.getTime())).toEqual([1562760414000, 1562760415000]);
  });

  it('reassembles a frame split over several reads', async () => {
    const d = await identified();
    const frame = frameOf(record(1), record(2), record(3));
    // each part is read by the listener (held in its buffer) before the next is written; polled: the
    // listener announces no change of its in-memory state
    await d.write(frame.subarray(0, 5));
    await waitFor(() => listener.stats().bufferedBytes === 5, 'the first part buffered');
    await d.write(frame.subarray(5, 40));
    await waitFor(() => listener.stats().bufferedBytes === 40, 'the second part buffered');
    expect(d.unread.length).toBe(0);
    await d.write(frame.subarray(40));
    // the first four bytes the listener ever sends after the IMEI: an early ack would be read here
    expect(await d.read(4)).toEqual(ACK(3));
    expect(sink.stored).toHaveLength(3);
  });

  it('handles the IMEI and several frames arriving in one read, acking each in order', async () => {
    const d = await device();
    await d.write(
      Buffer.concat([
        encodeImeiPacket(IMEI),
        frameOf(record(1)),
        frameOf(record(2), record(3)),
        frameOf(record(4)),
      ]),
    );
    expect(await d.read(1 + 12)).toEqual(Buffer.concat([Buffer.from([1]), ACK(1), ACK(2), ACK(1)]));
    expect(sink.stored.map((p) => p.fixTime.getUTCMinutes())).toEqual([1, 2, 3, 4]);
  });

  it('handles a stream written one byte at a time', async () => {
    const d = await device();
    const stream = Buffer.concat([encodeImeiPacket(IMEI), Buffer.from([0xff]), frameOf(record(5))]);
    for (const byte of stream) await d.write(Buffer.from([byte]));
    expect(await d.read(5)).toEqual(Buffer.concat([Buffer.from([1]), ACK(1)]));
  });

  it('ignores FF pings', async () => {
    const d = await identified();
    await d.write(Buffer.from([0xff]));
    await d.write(Buffer.concat([Buffer.from([0xff]), frameOf(record(1)), Buffer.from([0xff])]));
    expect(await d.read(4)).toEqual(ACK(1));
    // the next frame is handled after the last ping (one ordered stream): its ack comes after anything
    // the ping made the listener send
    await d.write(frameOf(record(2), record(3)));
    expect(await d.read(4)).toEqual(ACK(2));
    expect(d.unread.length).toBe(0);
    expect(d.isClosed).toBe(false);
  });

  it('acks a frame only after the store has committed it', async () => {
    const gate = deferred();
    sink.beforeCommit = () => gate.promise;
    const d = await identified();
    await d.write(frameOf(record(1)));
    await sink.until(() => sink.storeCalls === 1, 'the store call');
    // a command is written at once, past the held store: it arrives after anything sent before it
    const command = listener.sendCommand(IMEI, 'getver');
    expect(await readCommand(d)).toBe('getver');
    expect(d.unread.length).toBe(0);
    expect(sink.stored).toHaveLength(0);
    gate.resolve();
    expect(await d.read(4)).toEqual(ACK(1));
    expect(sink.stored).toHaveLength(1);
    await d.write(answer('Ver:03.27.07'));
    expect(await command).toBe('Ver:03.27.07');
  });

  it('stores the frames of one connection strictly one after another', async () => {
    const gates = [deferred(), deferred()];
    sink.beforeCommit = () => gates[sink.storeCalls - 1].promise;
    const d = await identified();
    await d.write(Buffer.concat([frameOf(record(1)), frameOf(record(2))]));
    await sink.until(() => sink.storeCalls === 1, 'the first store');
    // a command's round trip: the listener has handled what it read with the first frame meanwhile
    const command = listener.sendCommand(IMEI, 'getver');
    expect(await readCommand(d)).toBe('getver');
    expect(sink.storeCalls).toBe(1);
    gates[0].resolve();
    expect(await d.read(4)).toEqual(ACK(1));
    await sink.until(() => sink.storeCalls === 2, 'the second store');
    expect(d.unread.length).toBe(0);
    gates[1].resolve();
    expect(await d.read(4)).toEqual(ACK(1));
    expect(sink.stored.map((p) => p.fixTime.getUTCMinutes())).toEqual([1, 2]);
    gates.push(deferred()); // the answer is stored too, at the last position
    gates[2].resolve();
    await d.write(answer('Ver:03.27.07'));
    expect(await command).toBe('Ver:03.27.07');
  });

  it('pauses a flooding device and reads on once its queue is drained', async () => {
    const gate = deferred();
    sink.beforeCommit = () => gate.promise;
    const d = await identified();
    const flood = Array.from({ length: 40 }, (_, i) => frameOf(record(i % 60)));
    await d.write(Buffer.concat(flood));
    await sink.until(() => sink.storeCalls === 1, 'the first store');
    await d.write(frameOf(record(59)));
    gate.resolve();
    const acks = await d.read(41 * 4);
    expect(acks).toEqual(Buffer.concat(Array.from({ length: 41 }, () => ACK(1))));
    expect(sink.stored).toHaveLength(41);
  });

  it('does not ack and closes the connection when the store fails', async () => {
    sink.beforeCommit = async () => {
      throw new Error('disk full');
    };
    const d = await identified();
    await d.write(Buffer.concat([frameOf(record(1)), frameOf(record(2))]));
    await d.closed;
    expect(d.unread.length).toBe(0);
    expect(sink.stored).toHaveLength(0);
    expect(sink.storeCalls).toBe(1);
  });

  it('does not ack a frame with a bad CRC, and keeps acking the frames after it', async () => {
    const d = await identified();
    const bad = frameOf(record(1));
    bad[bad.length - 1] ^= 0xff;
    await d.write(bad);
    // the next frame is handled after the bad one: its ack (two records) comes after anything the bad
    // frame made the listener send
    await d.write(frameOf(record(2), record(3)));
    expect(await d.read(4)).toEqual(ACK(2));
    expect(d.unread.length).toBe(0);
    expect(sink.stored.map((p) => p.fixTime.getUTCMinutes())).toEqual([2, 3]);
    expect(
      log.entries.some((e) => e.level === 'warn' && (e.obj as { reason?: string }).reason === 'CRC mismatch'),
    ).toBe(true);
  });

  it('does not ack a frame with a valid CRC that does not decode', async () => {
    const d = await identified();
    const data = Buffer.from(frameData(frameOf(record(1))));
    data[0] = 0x07;
    await d.write(encodeTcpFrame(data));
    // handled after the undecodable frame: its ack (two records) is the first thing the listener sends
    await d.write(frameOf(record(2), record(3)));
    expect(await d.read(4)).toEqual(ACK(2));
    expect(d.unread.length).toBe(0);
    expect(sink.stored).toHaveLength(2);
  });

  it('closes on garbage after the handshake without acking', async () => {
    const d = await identified();
    await d.write(Buffer.from('this is not a frame'));
    await d.closed;
    expect(d.unread.length).toBe(0);
    expect(sink.storeCalls).toBe(0);
  });

  it('still acks complete frames when the device half-closes', async () => {
    const d = await identified();
    await d.write(frameOf(record(1), record(2)));
    d.end();
    expect(await d.read(4)).toEqual(ACK(2));
    await d.closed;
  });
});

describe('Teltonika TCP listener: idle connections', () => {
  it('closes a connection silent for longer than the idle timeout', async () => {
    const quick = await startTeltonika({ port: 0, host: '127.0.0.1', sink, log, idleTimeoutMs: 100 });
    try {
      const d = await FakeDevice.connect(quick.tcpPort);
      await d.write(encodeImeiPacket(IMEI));
      expect(await d.read(1)).toEqual(Buffer.from([0x01]));
      const started = Date.now();
      await d.closed;
      expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    } finally {
      await quick.close();
    }
  });
});

describe('Teltonika TCP listener: Codec 12 commands', () => {
  it('sends the command, resolves with the answer and stores it at the last position', async () => {
    const d = await identified();
    await d.write(frameOf(record(7, { io: [ioElement(239, 1, 1), ioElement(253, 1, 2)] })));
    expect(await d.read(4)).toEqual(ACK(1));

    const result = listener.sendCommand(IMEI, 'setdigout 1');
    expect(await readCommand(d)).toBe('setdigout 1');
    await d.write(answer('DOUT1:1 DOUT2:0'));
    expect(await result).toBe('DOUT1:1 DOUT2:0');

    expect(sink.stored).toHaveLength(2);
    const [fix, stored] = sink.stored;
    expect(stored).toMatchObject({
      uniqueId: IMEI,
      latitude: fix.latitude,
      longitude: fix.longitude,
      fixTime: fix.fixTime,
    });
    expect(stored.attributes).toMatchObject({ result: 'DOUT1:1 DOUT2:0', ignition: true });
    expect(stored.attributes).not.toHaveProperty('alarm');
    expect(stored.event).toBeUndefined();
    // the next frame is handled after the answer: its ack (two records) is the next thing sent
    await d.write(frameOf(record(8), record(9)));
    expect(await d.read(4)).toEqual(ACK(2));
    expect(d.unread.length).toBe(0);
  });

  it('resolves without storing when no position was received on the connection', async () => {
    const d = await identified();
    const result = listener.sendCommand(IMEI, 'getinfo');
    expect(await readCommand(d)).toBe('getinfo');
    await d.write(answer('RTC:2024/3/1 9:00 Init:2024/3/1 8:00'));
    expect(await result).toBe('RTC:2024/3/1 9:00 Init:2024/3/1 8:00');
    expect(sink.storeCalls).toBe(0);
  });

  it('sends one command at a time', async () => {
    const d = await identified();
    const first = listener.sendCommand(IMEI, 'setdigout 1');
    const second = listener.sendCommand(IMEI, 'setdigout 0');
    expect(await readCommand(d)).toBe('setdigout 1');
    // a frame's ack is written after anything sent before it: the second command would come first
    await d.write(frameOf(record(1)));
    expect(await d.read(4)).toEqual(ACK(1));
    expect(d.unread.length).toBe(0);
    await d.write(answer('DOUT1:1'));
    expect(await first).toBe('DOUT1:1');
    expect(await readCommand(d)).toBe('setdigout 0');
    await d.write(answer('DOUT1:0'));
    expect(await second).toBe('DOUT1:0');
  });

  it('goes to the connection that holds the device: a second one for its IMEI is refused (issue 33)', async () => {
    const holder = await identified();
    const second = await device();
    await second.write(encodeImeiPacket(IMEI));
    expect(await second.read(1)).toEqual(Buffer.from([0x00]));
    await second.closed;
    expect(listener.counters().conflicts).toBe(1);
    const result = listener.sendCommand(IMEI, 'getver');
    expect(await readCommand(holder)).toBe('getver');
    await holder.write(answer('Ver:03.27.07'));
    expect(await result).toBe('Ver:03.27.07');
    // once the holder is gone the device's next connection is accepted and gets the commands
    holder.destroy();
    // polled: the listener announces no change of its in-memory state
    await waitFor(() => listener.stats().devices === 0, 'the holder to be released');
    const next = await identified();
    const again = listener.sendCommand(IMEI, 'getver');
    expect(await readCommand(next)).toBe('getver');
    await next.write(answer('Ver:03.27.08'));
    expect(await again).toBe('Ver:03.27.08');
  });

  it('rejects for a device that is not connected', async () => {
    await expect(listener.sendCommand('999999999999999', 'getinfo')).rejects.toThrow(/not connected/);
  });

  it('rejects when the device does not answer in time', async () => {
    const d = await identified();
    await expect(listener.sendCommand(IMEI, 'getinfo', 100)).rejects.toThrow(/no answer/);
    expect(await readCommand(d)).toBe('getinfo');
  });

  it('rejects when the device disconnects', async () => {
    const d = await identified();
    const result = listener.sendCommand(IMEI, 'getinfo');
    await readCommand(d);
    d.destroy();
    await expect(result).rejects.toThrow(/disconnected/);
  });

  it('does not ack a command answer', async () => {
    const d = await identified();
    const result = listener.sendCommand(IMEI, 'getinfo');
    await readCommand(d);
    await d.write(answer('ok'));
    await result;
    // the next frame is handled after the answer: its ack (two records) is the next thing sent
    await d.write(frameOf(record(1), record(2)));
    expect(await d.read(4)).toEqual(ACK(2));
    expect(d.unread.length).toBe(0);
  });
});
