import { describe, expect, it } from 'vitest';
import { TeltonikaDecodeError } from './avlRecord';
import {
  CODEC12_COMMAND,
  CODEC12_RESPONSE,
  decodeCodec12,
  encodeCodec12Command,
  encodeCodec12Data,
} from './codec12';
import { DOC_CODEC12_GETINFO, frameData, hex } from './vectors.testdata';

describe('Codec 12', () => {
  it('encodes getinfo exactly as the vendor example', () => {
    expect(encodeCodec12Command('getinfo').toString('hex').toUpperCase()).toBe(DOC_CODEC12_GETINFO);
  });

  it('encodes setdigout commands', () => {
    const frame = encodeCodec12Command('setdigout 1');
    expect(frame.readUInt32BE(4)).toBe(8 + 11);
    expect(decodeCodec12(frameData(frame))).toEqual({ type: CODEC12_COMMAND, text: 'setdigout 1' });
  });

  it('decodes a device response to its text', () => {
    const data = hex('0C 01 06 0000000F 444F5554313A3120444F5554323A30 01');
    expect(decodeCodec12(data)).toEqual({ type: CODEC12_RESPONSE, text: 'DOUT1:1 DOUT2:0' });
  });

  it('round-trips a response with non-ASCII text', () => {
    expect(decodeCodec12(encodeCodec12Data(CODEC12_RESPONSE, 'Bloqueio OK: ação'))).toEqual({
      type: CODEC12_RESPONSE,
      text: 'Bloqueio OK: ação',
    });
  });

  it.each([
    ['another codec', '08 01 06 00000001 41 01'],
    ['two messages', '0C 02 06 00000001 41 02'],
    ['a length past the end', '0C 01 06 000000FF 41 01'],
    ['differing quantities', '0C 01 06 00000001 41 02'],
    ['trailing bytes', '0C 01 06 00000001 41 01 00'],
  ])('rejects %s', (_name, bytes) => {
    expect(() => decodeCodec12(hex(bytes))).toThrow(TeltonikaDecodeError);
  });
});
