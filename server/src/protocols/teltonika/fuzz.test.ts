import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDevice } from '../testing/fakeDevice';
import { memoryLog, MemorySink } from '../testing/memorySink';
import { decodeAvlData } from './avlDecoder';
import { encodeAvlData, ioElement, ioVariable } from './avlEncoder';
import {
  CODEC_16,
  CODEC_8,
  CODEC_8E,
  TeltonikaDecodeError,
  type AvlCodec,
  type AvlIo,
  type AvlRecord,
} from './avlRecord';
import { CODEC12_RESPONSE, decodeCodec12, encodeCodec12Data } from './codec12';
import { TeltonikaFrameReader } from './frameReader';
import { startTeltonika, type TeltonikaListener } from './listener';
import { encodeImeiPacket, encodeTcpFrame } from './tcpFrame';
import { decodeUdpPacket } from './udp';
import { DOC_CODEC16, DOC_CODEC8, DOC_CODEC8E, frameData, hex } from './vectors.testdata';

const IMEI = '356307042441013';
const CASES = 2000;
const CONCURRENCY = 16;

/** mulberry32: small, seeded, reproducible. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, bytes, pick };
}
type Random = ReturnType<typeof prng>;

function randomRecord(r: Random, codec: AvlCodec): AvlRecord {
  const io: AvlIo[] = [];
  for (let i = r.int(6); i > 0; i--) {
    const id = codec === CODEC_8 ? r.int(256) : r.int(65536);
    io.push(ioElement(id, r.pick([1, 2, 4, 8] as const), BigInt(r.int(2 ** 31))));
  }
  if (codec === CODEC_8E && r.next() < 0.5) io.push(ioVariable(r.int(65536), r.bytes(r.int(20))));
  return {
    timestamp: Date.UTC(2024, 0, 1) + r.int(1e9),
    priority: r.int(3),
    longitude: (r.int(3600000) - 1800000) / 1e4,
    latitude: (r.int(1800000) - 900000) / 1e4,
    altitude: r.int(2000) - 100,
    angle: r.int(360),
    satellites: r.int(20),
    speedKmh: r.int(200),
    eventId: codec === CODEC_8 ? r.int(256) : r.int(65536),
    generationType: codec === CODEC_16 ? r.int(8) : undefined,
    io,
  };
}

function validFrame(r: Random): Buffer {
  const roll = r.int(5);
  if (roll === 0) return hex(r.pick([DOC_CODEC8, DOC_CODEC8E, DOC_CODEC16]));
  if (roll === 1) {
    return encodeTcpFrame(encodeCodec12Data(CODEC12_RESPONSE, r.bytes(r.int(40)).toString('latin1')));
  }
  const codec = r.pick([CODEC_8, CODEC_8E, CODEC_16] as const);
  const records = Array.from({ length: 1 + r.int(4) }, () => {
    const record = randomRecord(r, codec);
    if (codec !== CODEC_16) delete record.generationType;
    return record;
  });
  return encodeTcpFrame(encodeAvlData(codec, records));
}

/** Frames that must never be acknowledged: garbage, mutations, and CRC-valid frames with broken structure. */
function invalidStream(r: Random): Buffer {
  switch (r.int(6)) {
    case 0:
      return r.bytes(1 + r.int(300));
    case 1: {
      const b = r.bytes(12 + r.int(200));
      b.fill(0, 0, 4);
      return b;
    }
    case 2: {
      const frame = Buffer.from(validFrame(r));
      for (let i = 1 + r.int(4); i > 0; i--) frame[r.int(frame.length)] ^= 1 + r.int(255);
      return frame;
    }
    case 3: {
      const frame = validFrame(r);
      return frame.subarray(0, r.int(frame.length));
    }
    case 4: {
      const frame = validFrame(r);
      const at = r.int(frame.length);
      return Buffer.concat([frame.subarray(0, at), r.bytes(1 + r.int(16)), frame.subarray(at)]);
    }
    default: {
      // a correct CRC around data whose two record counts differ
      const data = Buffer.from(r.next() < 0.5 ? frameData(validFrame(r)) : r.bytes(3 + r.int(200)));
      data[data.length - 1] = (data[1] + 1 + r.int(255)) & 0xff;
      return encodeTcpFrame(data);
    }
  }
}

/** Reference CRC-16/IBM, bit by bit, independent of the table-driven implementation under test. */
function referenceCrc(data: Buffer): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/**
 * Walks the stream as the protocol defines it and spoils the CRC of any frame that could legitimately
 * be acknowledged (CRC and both record counts right), so every case is one no correct server acks.
 */
function spoilAckableFrames(stream: Buffer): Buffer {
  const b = Buffer.from(stream);
  let pos = 0;
  for (;;) {
    while (b[pos] === 0xff) pos++;
    if (pos + 12 > b.length || b.readUInt32BE(pos) !== 0) return b;
    const length = b.readUInt32BE(pos + 4);
    const end = pos + 8 + length;
    if (end + 4 > b.length) return b;
    const data = b.subarray(pos + 8, end);
    if (length >= 2 && b.readUInt32BE(end) === referenceCrc(data) && data[1] === data[length - 1])
      b[end + 3] ^= 0x01;
    pos = end + 4;
  }
}

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
