import { CODEC_16, CODEC_8, CODEC_8E, NumberIo, type AvlCodec, type AvlIo, type AvlRecord } from './avlRecord';

/**
 * Builds Teltonika AVL data as a device would: used by tests and by the device simulator.
 * Inverse of decodeAvlData for every record it can decode.
 */

/** A fixed-size IO element: value written big-endian in `size` bytes. */
export function ioElement(id: number, size: 1 | 2 | 4 | 8, value: number | bigint): AvlIo {
  const buf = Buffer.alloc(size);
  const big = BigInt.asUintN(size * 8, BigInt(value));
  for (let i = size - 1, v = big; i >= 0; i--, v >>= 8n) buf[i] = Number(v & 0xffn);
  // the small ones as the decoder reads them back (a negative value as its two's complement)
  return size === 8 ? { id, value: buf } : new NumberIo(id, size, Number(big));
}

/** A Codec 8 Extended variable-length IO element. */
export function ioVariable(id: number, value: Buffer): AvlIo {
  return { id, value, variable: true };
}

class ByteWriter {
  private readonly parts: Buffer[] = [];

  private put(size: number, write: (b: Buffer) => void): this {
    const b = Buffer.alloc(size);
    write(b);
    this.parts.push(b);
    return this;
  }

  u8(v: number) {
    return this.put(1, (b) => b.writeUInt8(v));
  }
  u16(v: number) {
    return this.put(2, (b) => b.writeUInt16BE(v));
  }
  i16(v: number) {
    return this.put(2, (b) => b.writeInt16BE(v));
  }
  u32(v: number) {
    return this.put(4, (b) => b.writeUInt32BE(v));
  }
  i32(v: number) {
    return this.put(4, (b) => b.writeInt32BE(v));
  }
  u64(v: number) {
    return this.put(8, (b) => b.writeBigUInt64BE(BigInt(v)));
  }
  bytes(v: Buffer) {
    this.parts.push(v);
    return this;
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

function writeRecord(w: ByteWriter, codec: AvlCodec, r: AvlRecord): void {
  const wide = codec !== CODEC_8;
  const count = (n: number) => (codec === CODEC_8E ? w.u16(n) : w.u8(n));
  const id = (n: number) => (wide ? w.u16(n) : w.u8(n));

  w.u64(r.timestamp).u8(r.priority);
  w.i32(Math.round(r.longitude * 1e7)).i32(Math.round(r.latitude * 1e7));
  w.i16(r.altitude).u16(r.angle).u8(r.satellites).u16(r.speedKmh);
  if (wide) w.u16(r.eventId);
  else w.u8(r.eventId);
  if (codec === CODEC_16) w.u8(r.generationType ?? 0);
  count(r.io.length);
  for (const size of [1, 2, 4, 8]) {
    const group = r.io.filter((io) => !io.variable && io.value.length === size);
    count(group.length);
    for (const io of group) {
      id(io.id);
      w.bytes(io.value);
    }
  }
  if (codec === CODEC_8E) {
    const group = r.io.filter((io) => io.variable);
    w.u16(group.length);
    for (const io of group) w.u16(io.id).u16(io.value.length).bytes(io.value);
  }
}

/** codec | count | records | count — the CRC-covered part of a TCP frame, or the tail of a UDP packet. */
export function encodeAvlData(codec: AvlCodec, records: AvlRecord[]): Buffer {
  const w = new ByteWriter().u8(codec).u8(records.length);
  for (const r of records) writeRecord(w, codec, r);
  return w.u8(records.length).done();
}
