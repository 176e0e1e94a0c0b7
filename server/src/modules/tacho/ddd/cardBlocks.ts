import { ByteReader } from './byteReader';
import { DddError } from './dddError';

/** One elementary file of a card download: `FID (2) | appendix (1) | length (2) | value`. */
export interface CardBlock {
  fid: number;
  /** 0 Gen1 data, 1 Gen1 signature, 2 Gen2 data, 3 Gen2 signature. */
  appendix: number;
  value: Buffer;
}

/** Elementary files a card download may hold (Appendix 2 and 7 of Annex 1B/1C). */
const CARD_FIDS = new Set([
  0x0002, 0x0005, 0x0501, 0x0502, 0x0503, 0x0504, 0x0505, 0x0506, 0x0507, 0x0508, 0x050e, 0x0520, 0x0521,
  0x0522, 0x0523, 0x0524, 0x0525, 0x0526, 0x0527, 0x0528, 0x0529, 0x0530, 0x0540, 0xc100, 0xc101, 0xc108,
  0xc109,
]);

/** Whether the bytes open like a card download: a known elementary file with a valid appendix byte. */
export function looksLikeCardFile(bytes: Buffer): boolean {
  return bytes.length >= 5 && CARD_FIDS.has(bytes.readUInt16BE(0)) && bytes[2] <= 3;
}

/**
 * Splits a card download into its blocks. Once the file opened like a card, any block that runs past the
 * end or carries an impossible appendix means the file was cut or damaged.
 */
export function readCardBlocks(bytes: Buffer): CardBlock[] {
  const reader = new ByteReader(bytes);
  const blocks: CardBlock[] = [];
  while (reader.remaining > 0) {
    const fid = reader.u16();
    const appendix = reader.u8();
    if (appendix > 3) throw new DddError('truncated', `block ${fid.toString(16)} has appendix ${appendix}`);
    const length = reader.u16();
    blocks.push({ fid, appendix, value: reader.bytes(length) });
  }
  return blocks;
}
