import type { FramedProtocol } from '../config';
import type { ProtocolCodec } from './framed/codec';

/** The codec of each framed device protocol, each served on its own port (config `framedPorts`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each codec keeps its own per-connection state type
export const FRAMED_CODECS: Partial<Record<FramedProtocol, ProtocolCodec<any>>> = {};
