import type { ProtocolCodec } from '../framed/codec';
import { DelimitedFramer } from '../framed/delimitedFramer';
import { decodeWialonFrame, type WialonState } from './messages';
import { MAX_PACKET_BYTES } from './packet';

export type { WialonState } from './messages';

/**
 * Wialon IPS (2.0 with CRC16, 1.1 without) over TCP: one text packet a line. Lines end with `\r\n`; a
 * bare `\n` is taken too, as line-based servers do.
 */
export const wialonCodec: ProtocolCodec<WialonState> = {
  name: 'wialon',
  newFramer: () => new DelimitedFramer({ end: Buffer.from('\n'), maxBytes: MAX_PACKET_BYTES }),
  newState: () => ({}),
  decode: (frame, state) => decodeWialonFrame(frame, state, new Date()),
};
