/** The binary shapes of Teltonika AVL data, shared by the decoder and the encoder. */

export const CODEC_8 = 0x08;
export const CODEC_8E = 0x8e;
export const CODEC_12 = 0x0c;
export const CODEC_16 = 0x10;

export type AvlCodec = typeof CODEC_8 | typeof CODEC_8E | typeof CODEC_16;

export const AVL_CODECS: readonly number[] = [CODEC_8, CODEC_8E, CODEC_16];

/** One IO element as sent: fixed-size values are 1, 2, 4 or 8 bytes; Codec 8E also has variable-length ones. */
export interface AvlIo {
  id: number;
  value: Buffer;
  /** true for a Codec 8 Extended variable-length (NX) element */
  variable?: boolean;
  /**
   * A 1-, 2- or 4-byte element as the decoder read it: its unsigned value (`value` then holds the same
   * bytes, made only when asked: most records carry some twenty of these, read as numbers).
   */
  unsigned?: number;
}

/** A 1-, 2- or 4-byte IO element read as its number; its bytes are made only when something asks for them. */
export class NumberIo implements AvlIo {
  constructor(
    readonly id: number,
    readonly size: 1 | 2 | 4,
    readonly unsigned: number,
  ) {}

  get value(): Buffer {
    const bytes = Buffer.alloc(this.size);
    bytes.writeUIntBE(this.unsigned, 0, this.size);
    return bytes;
  }
}

export interface AvlRecord {
  /** ms since epoch, UTC */
  timestamp: number;
  /** 0 low, 1 high, 2 panic */
  priority: number;
  /** degrees */
  longitude: number;
  /** degrees */
  latitude: number;
  /** metres */
  altitude: number;
  /** degrees */
  angle: number;
  satellites: number;
  speedKmh: number;
  /** the IO that caused the record, 0 for periodic records */
  eventId: number;
  /** Codec 16 only */
  generationType?: number;
  io: AvlIo[];
}

export interface AvlPacket {
  codec: AvlCodec;
  records: AvlRecord[];
}

/** Thrown for bytes that do not form valid Teltonika data; the frame is rejected, never acknowledged. */
export class TeltonikaDecodeError extends Error {
  override name = 'TeltonikaDecodeError';
}
