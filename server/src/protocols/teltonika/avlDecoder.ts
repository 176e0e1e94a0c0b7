import {
  AVL_CODECS,
  CODEC_16,
  CODEC_8,
  CODEC_8E,
  TeltonikaDecodeError,
  type AvlCodec,
  type AvlIo,
  type AvlPacket,
  type AvlRecord,
  NumberIo,
} from './avlRecord';
import { ByteCursor } from './byteCursor';

/** Latest instant a JS Date can hold; a later timestamp is not a real record. */
const MAX_DATE_MS = 8.64e15;
const FIXED_IO_SIZES = [1, 2, 4, 8] as const;

/**
 * Decodes AVL data: codec byte, record count, records, record count (the part of a TCP frame covered
 * by the CRC, or what follows the IMEI in a UDP packet). Every byte must be consumed exactly.
 */
export function decodeAvlData(data: Buffer): AvlPacket {
  const cursor = new ByteCursor(data);
  const codec = cursor.u8();
  if (!AVL_CODECS.includes(codec)) {
    throw new TeltonikaDecodeError(`unsupported codec 0x${codec.toString(16).padStart(2, '0')}`);
  }
  const count = cursor.u8();
  const records: AvlRecord[] = [];
  for (let i = 0; i < count; i++) records.push(decodeRecord(cursor, codec as AvlCodec));
  const trailing = cursor.u8();
  if (trailing !== count) throw new TeltonikaDecodeError(`record counts differ: ${count} and ${trailing}`);
  if (cursor.remaining !== 0) throw new TeltonikaDecodeError(`${cursor.remaining} bytes after the records`);
  return { codec: codec as AvlCodec, records };
}

function decodeRecord(cursor: ByteCursor, codec: AvlCodec): AvlRecord {
  const timestamp = cursor.u64Number();
  if (timestamp > MAX_DATE_MS) throw new TeltonikaDecodeError(`timestamp out of range: ${timestamp}`);
  const priority = cursor.u8();
  const longitude = cursor.i32() / 1e7;
  const latitude = cursor.i32() / 1e7;
  const altitude = cursor.i16();
  const angle = cursor.u16();
  const satellites = cursor.u8();
  const speedKmh = cursor.u16();

  const wide = codec !== CODEC_8;
  const eventId = wide ? cursor.u16() : cursor.u8();
  const generationType = codec === CODEC_16 ? cursor.u8() : undefined;
  if (codec === CODEC_8E) cursor.u16();
  else cursor.u8(); // total IO count: redundant with the per-size counts, which are authoritative

  const io: AvlIo[] = [];
  for (const size of FIXED_IO_SIZES) {
    const n = codec === CODEC_8E ? cursor.u16() : cursor.u8();
    for (let i = 0; i < n; i++) {
      const id = wide ? cursor.u16() : cursor.u8();
      // the small ones as numbers: no slice of the frame per element
      if (size === 8) io.push({ id, value: cursor.bytes(size) });
      else io.push(new NumberIo(id, size, size === 1 ? cursor.u8() : size === 2 ? cursor.u16() : cursor.u32()));
    }
  }
  if (codec === CODEC_8E) {
    const n = cursor.u16();
    for (let i = 0; i < n; i++) {
      const id = cursor.u16();
      const length = cursor.u16();
      io.push({ id, value: cursor.bytes(length), variable: true });
    }
  }

  const record: AvlRecord = {
    timestamp,
    priority,
    longitude,
    latitude,
    altitude,
    angle,
    satellites,
    speedKmh,
    eventId,
    io,
  };
  if (generationType !== undefined) record.generationType = generationType;
  return record;
}
