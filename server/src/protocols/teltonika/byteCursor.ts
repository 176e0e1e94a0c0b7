import { TeltonikaDecodeError } from './avlRecord';

/** Big-endian reads over a buffer that throw a decode error instead of reading past the end. */
export class ByteCursor {
  constructor(
    private readonly buf: Buffer,
    public pos = 0,
  ) {}

  get remaining(): number {
    return this.buf.length - this.pos;
  }

  private take(n: number): number {
    if (this.pos + n > this.buf.length) {
      throw new TeltonikaDecodeError(
        `truncated: need ${n} bytes at offset ${this.pos} of ${this.buf.length}`,
      );
    }
    const at = this.pos;
    this.pos += n;
    return at;
  }

  u8(): number {
    return this.buf.readUInt8(this.take(1));
  }

  u16(): number {
    return this.buf.readUInt16BE(this.take(2));
  }

  i16(): number {
    return this.buf.readInt16BE(this.take(2));
  }

  u32(): number {
    return this.buf.readUInt32BE(this.take(4));
  }

  i32(): number {
    return this.buf.readInt32BE(this.take(4));
  }

  u64(): bigint {
    return this.buf.readBigUInt64BE(this.take(8));
  }

  /** A u64 as a number (exact below 2^53, which every millisecond timestamp is), without a BigInt. */
  u64Number(): number {
    const at = this.take(8);
    return this.buf.readUInt32BE(at) * 2 ** 32 + this.buf.readUInt32BE(at + 4);
  }

  bytes(n: number): Buffer {
    const at = this.take(n);
    return this.buf.subarray(at, at + n);
  }
}
