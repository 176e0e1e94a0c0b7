/** Big-endian writer for building DDD test files. */
export class ByteWriter {
  private readonly parts: Buffer[] = [];

  u8(v: number): this {
    return this.bytes(Buffer.from([v & 0xff]));
  }

  u16(v: number): this {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(v);
    return this.bytes(b);
  }

  u24(v: number): this {
    const b = Buffer.alloc(3);
    b.writeUIntBE(v, 0, 3);
    return this.bytes(b);
  }

  u32(v: number): this {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v >>> 0);
    return this.bytes(b);
  }

  bytes(b: Buffer): this {
    this.parts.push(b);
    return this;
  }

  fill(n: number, value = 0): this {
    return this.bytes(Buffer.alloc(n, value));
  }

  /** A fixed-length IA5String padded with spaces. */
  ia5(text: string, length: number): this {
    return this.bytes(padded(Buffer.from(text, 'latin1'), length));
  }

  /** A code-page byte then `length` characters in that code page, padded with spaces. */
  text(text: string, length: number, codePage = 1): this {
    return this.u8(codePage).bytes(padded(encodeCodePage(text, codePage), length));
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.parts);
  }
}

function padded(b: Buffer, length: number): Buffer {
  const out = Buffer.alloc(length, 0x20);
  b.copy(out, 0, 0, Math.min(length, b.length));
  return out;
}

const CODE_PAGE_LABELS: Record<number, string> = {
  2: 'iso-8859-2',
  5: 'iso-8859-5',
  7: 'iso-8859-7',
  80: 'koi8-r',
};

/** Encodes text in an ISO-8859 / KOI8 code page by inverting Node's TextDecoder table. */
export function encodeCodePage(text: string, codePage: number): Buffer {
  const label = CODE_PAGE_LABELS[codePage];
  if (!label) return Buffer.from(text, 'latin1');
  const decoder = new TextDecoder(label);
  const table = new Map<string, number>();
  for (let b = 0; b < 256; b++) table.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from([...text].map((ch) => table.get(ch) ?? 0x3f));
}
