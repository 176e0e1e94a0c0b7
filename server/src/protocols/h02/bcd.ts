import { ProtocolDecodeError } from '../framed/codec';

/** Reads BCD digits nibble by nibble (binary frames pack fields on nibble boundaries). */
export class NibbleReader {
  private readonly hex: string;
  private at = 0;

  constructor(bytes: Buffer) {
    this.hex = bytes.toString('hex');
  }

  /** `count` raw nibbles as hex digits */
  raw(count: number): string {
    const text = this.hex.slice(this.at, this.at + count);
    if (text.length < count) throw new ProtocolDecodeError('binary frame too short');
    this.at += count;
    return text;
  }
}
