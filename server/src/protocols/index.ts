export type { DecodedPosition, IngestSink, ProtocolLog } from './types';

export { startTeltonika, type TeltonikaListener } from './teltonika/listener';
export {
  startTeltonikaTcp,
  type TeltonikaListenOptions,
  type TeltonikaTcpListener,
} from './teltonika/tcpServer';
export { startTeltonikaUdp, type TeltonikaUdpListener } from './teltonika/udpServer';
export {
  CODEC_8,
  CODEC_8E,
  CODEC_12,
  CODEC_16,
  TeltonikaDecodeError,
  type AvlCodec,
  type AvlIo,
  type AvlPacket,
  type AvlRecord,
} from './teltonika/avlRecord';
export { decodeAvlData } from './teltonika/avlDecoder';
export { decodeAvlPositions, recordToPosition } from './teltonika/recordToPosition';
export { encodeAvlData, ioElement, ioVariable } from './teltonika/avlEncoder';
export { IO_TABLE, applyIo, type IoRow } from './teltonika/ioTable';
export { crc16Ibm } from './teltonika/crc';
export { TeltonikaFrameReader, type FrameEvent } from './teltonika/frameReader';
export { encodeImeiPacket, encodeTcpAck, encodeTcpFrame } from './teltonika/tcpFrame';
export {
  CODEC12_COMMAND,
  CODEC12_RESPONSE,
  decodeCodec12,
  encodeCodec12Command,
  encodeCodec12Data,
  type Codec12Message,
} from './teltonika/codec12';
export { decodeUdpPacket, encodeUdpAck, encodeUdpPacket, type UdpPacket } from './teltonika/udp';

export { startOsmand, type OsmandListener, type OsmandListenOptions } from './osmand/server';
export { parseOsmandRequest, type OsmandParseResult, type OsmandRequest } from './osmand/parse';

export { FRAMED_CODECS, SIMULATED_DEVICES } from './framedCodecs';
export type { DeviceFix, DeviceFrame, SimulatedDevice } from './framed/simulatedDevice';
export { startFramedTcp, type FramedListener, type FramedListenOptions } from './framed/listener';
export type { ProtocolCodec } from './framed/codec';
