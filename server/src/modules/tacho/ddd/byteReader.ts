import { DddError } from './dddError';

/** Big-endian reads over a DDD buffer; reading past the end means the file was cut short. */
export class ByteReader {
  constructor(
    private readonly buf: Buffer,
    public pos = 0,
  ) {}

  get length(): number {
    return this.buf.length;
  }

  get remaining(): number {
    return this.buf.length - this.pos;
  }

  private take(n: number): number {
    if (n < 0 || this.pos + n > this.buf.length) {
      throw new DddError('truncated', `need ${n} bytes at offset ${this.pos} of ${this.buf.length}`);
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

  u24(): number {
    return this.buf.readUIntBE(this.take(3), 3);
  }

  u32(): number {
    return this.buf.readUInt32BE(this.take(4));
  }

  bytes(n: number): Buffer {
    const at = this.take(n);
    return this.buf.subarray(at, at + n);
  }

  skip(n: number): void {
    this.take(n);
  }

  peekU8(offset = 0): number | undefined {
    const at = this.pos + offset;
    return at < this.buf.length ? this.buf[at] : undefined;
  }
}
