import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDevice } from '../testing/fakeDevice';
import { memoryLog, MemorySink, waitFor } from '../testing/memorySink';
import { prng } from '../testing/prng';
import { decodeAvlData } from './avlDecoder';
import { TeltonikaDecodeError } from './avlRecord';
import { decodeCodec12 } from './codec12';
import { TeltonikaFrameReader } from './frameReader';
import { invalidStream, spoilAckableFrames, validFrame } from './fuzzFrames.testdata';
import { startTeltonika, type TeltonikaListener } from './listener';
import { encodeImeiPacket } from './tcpFrame';
import { decodeUdpPacket } from './udp';
import { DOC_CODEC16, frameData, hex } from './vectors.testdata';

const IMEI = '356307042441013';
const CASES = 2000;
const CONCURRENCY = 16;

/** Connects, sends the bytes, half-closes and returns everything the server sent before closing. */
async function exchange(port: number, bytes: Buffer): Promise<Buffer> {
  const device = await FakeDevice.connect(port);
  try {
    await device.write(bytes).catch(() => undefined);
    device.end();
    await Promise.race([
      device.closed,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('server kept the connection open')), 5000),
      ),
    ]);
    return device.all;
  } finally {
    device.destroy();
  }
}

describe('fuzzing the Teltonika TCP listener', () => {
  let sink: MemorySink;
  let listener: TeltonikaListener;

  beforeAll(async () => {
    sink = new MemorySink([IMEI]);
    listener = await startTeltonika({ port: 0, host: '127.0.0.1', sink, log: memoryLog() });
  });
  afterAll(() => listener.close());

  it(`never acks or stores any of ${CASES} random and mutated frames, and keeps serving`, async () => {
    const r = prng(20240601);
    const cases = Array.from({ length: CASES }, (_, i) => {
      if (i % 10 === 9) return { handshake: false, bytes: r.bytes(1 + r.int(64)) };
      return { handshake: true, bytes: spoilAckableFrames(invalidStream(r)) };
    });

    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const index = next++;
        const { handshake, bytes } = cases[index];
        const stream = handshake ? Buffer.concat([encodeImeiPacket(IMEI), bytes]) : bytes;
        const answer = await exchange(listener.tcpPort, stream);
        const allowed = handshake
          ? answer.equals(Buffer.from([0x01]))
          : answer.length === 0 || answer.equals(Buffer.from([0x00]));
        if (!allowed)
          failures.push(`case ${index}: sent ${bytes.toString('hex')} got ${answer.toString('hex')}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    expect(failures).toEqual([]);
    expect(sink.storeCalls).toBe(0);
    // every connection, its buffered bytes and its device entry went with it
    await waitFor(
      () =>
        JSON.stringify(listener.stats()) ===
        JSON.stringify({ connections: 0, devices: 0, bufferedBytes: 0, udpDevices: 0 }),
      'the listener to release every connection',
      5000,
    );

    const answer = await exchange(
      listener.tcpPort,
      Buffer.concat([encodeImeiPacket(IMEI), hex(DOC_CODEC16)]),
    );
    expect(answer).toEqual(Buffer.from([0x01, 0, 0, 0, 2]));
    expect(sink.stored).toHaveLength(2);
  }, 120_000);
});

describe('fuzzing the pure decoders', () => {
  const onlyDecodeErrors = (decode: () => unknown) => {
    try {
      decode();
    } catch (error) {
      if (!(error instanceof TeltonikaDecodeError)) throw error;
    }
  };

  it('decodeAvlData, decodeCodec12 and decodeUdpPacket throw nothing but decode errors', () => {
    const r = prng(7);
    for (let i = 0; i < 5000; i++) {
      const data = r.next() < 0.5 ? Buffer.from(frameData(validFrame(r))) : r.bytes(r.int(300));
      if (data.length) data[r.int(data.length)] ^= 1 + r.int(255);
      onlyDecodeErrors(() => decodeAvlData(data));
      onlyDecodeErrors(() => decodeCodec12(data));
      onlyDecodeErrors(() => decodeUdpPacket(data));
    }
  });

  it('the frame reader survives random chunks and always stops at a fatal event', () => {
    const r = prng(11);
    for (let i = 0; i < 500; i++) {
      const reader = new TeltonikaFrameReader({ expectImei: r.next() < 0.5 });
      let fatal = false;
      for (let c = 0; c < 10; c++) {
        const events = reader.push(r.next() < 0.5 ? r.bytes(r.int(100)) : invalidStream(r));
        if (fatal) expect(events).toEqual([]);
        fatal ||= events.some((e) => e.type === 'fatal');
      }
      expect(reader.buffered).toBeLessThan(10 * 512);
    }
  });
});
