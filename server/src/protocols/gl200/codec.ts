import type { ProtocolCodec } from '../framed/codec';
import { DelimitedFramer } from '../framed/delimitedFramer';
import { decodeGl200 } from './decoder';

/** Per connection: how many messages the device sent (for logs and tests). */
export interface Gl200State {
  messages: number;
}

/** The longest message accepted; the longest real ones (GTCAN with every field) are under 1 kB. */
export const GL200_MAX_MESSAGE_BYTES = 2048;

/**
 * Queclink @Track text (GL200, GL300, GV55, GV300, …): messages ending in `$`, each carrying the IMEI.
 * Positions are not answered (Traccar's default: `+SACK:<count>$` is off); a `+ACK:GTHBD` heartbeat is.
 * No start marker: bytes that are not a message make the frame fail to decode and close the connection.
 */
export const gl200Codec: ProtocolCodec<Gl200State> = {
  name: 'gl200',
  newFramer: () => new DelimitedFramer({ end: Buffer.from('$'), maxBytes: GL200_MAX_MESSAGE_BYTES }),
  newState: () => ({ messages: 0 }),
  decode(frame, state) {
    const message = decodeGl200(frame);
    state.messages++;
    return message;
  },
};
