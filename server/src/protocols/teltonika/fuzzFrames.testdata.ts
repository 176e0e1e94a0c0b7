/** Frames for fuzzing the Teltonika decoders and listeners: valid ones to mutate, and broken ones. */
import type { Random } from '../testing/prng';
import { encodeAvlData, ioElement, ioVariable } from './avlEncoder';
import { CODEC_16, CODEC_8, CODEC_8E, type AvlCodec, type AvlIo, type AvlRecord } from './avlRecord';
import { CODEC12_RESPONSE, encodeCodec12Data } from './codec12';
import { encodeTcpFrame } from './tcpFrame';
import { DOC_CODEC16, DOC_CODEC8, DOC_CODEC8E, frameData, hex } from './vectors.testdata';

export function randomRecord(r: Random, codec: AvlCodec): AvlRecord {
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

export function validFrame(r: Random): Buffer {
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
export function invalidStream(r: Random): Buffer {
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
export function spoilAckableFrames(stream: Buffer): Buffer {
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
