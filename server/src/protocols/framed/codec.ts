import type { DecodedPosition } from '../types';

export type ProtocolName = DecodedPosition['protocol'];

/** One position of a frame, before the session adds the device's id and the protocol's name. */
export type PositionFix = Omit<DecodedPosition, 'uniqueId' | 'protocol'>;

export type FramerEvent = { type: 'frame'; data: Buffer } | { type: 'fatal'; reason: string };

/** Cuts a byte stream into frames. `fatal` (garbage, oversized) closes the connection. */
export interface Framer {
  push(chunk: Buffer): FramerEvent[];
  /** bytes held for a frame not yet complete */
  readonly buffered: number;
}

/** What one frame says, as the session needs it. */
export interface DecodedMessage {
  /** the device's id when the frame carries it (a login, or every frame of a text protocol) */
  uniqueId?: string;
  /** positions to commit; the ack is written only after they are */
  positions: PositionFix[];
  /** written after the positions are committed (at once when there are none) */
  ack?: Buffer;
  /** written before the connection is closed when the id is unknown here or held by another connection */
  refuse?: Buffer;
  /** the device's answer to the command in flight */
  commandAnswer?: string;
}

/** A frame that is not of the protocol (bad checksum, bad layout): the connection is closed. */
export class ProtocolDecodeError extends Error {}

/**
 * A device protocol as the shared TCP listener drives it: a framer per connection, a per-connection
 * state (sequence numbers, the last login), and pure decoding of one frame into a message.
 */
export interface ProtocolCodec<State = unknown> {
  name: ProtocolName;
  newFramer(): Framer;
  newState(): State;
  /** `uniqueId` is the device this connection identified as, if any. Throws `ProtocolDecodeError`. */
  decode(frame: Buffer, state: State, uniqueId: string | undefined): DecodedMessage;
  /** a text command (the saved-command text) as the device reads it; absent: the protocol takes none */
  encodeCommand?(text: string, state: State): Buffer;
}
