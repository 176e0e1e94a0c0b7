/** The DualCam/DashCam upload connection: byte layout, chained CRC, session flow and TCP listener. */
export { cameraCrc } from './crc';
export {
  CAMERA_FILES,
  CMD as CAMERA_CMD,
  CameraProtocolError,
  CommandReader,
  INIT_BYTES,
  MIN_PROTOCOL_ID,
  PACKET_BYTES,
  cameraFile,
  encodeClose,
  encodeCommand,
  encodeData,
  encodeFileRequest,
  encodeInit,
  encodeMetadataRequest,
  encodeRepeatInit,
  encodeResume,
  encodeStart,
  encodeSync,
  parseData,
  parseInit,
  parseOffset,
  parseRepeatInit,
  parseStart,
  waitingFiles,
  type CameraCommand,
  type CameraFile,
  type CameraFileId,
  type CameraInit,
} from './messages';
export { encodeMetadata, parseMetadata, LATEST_METADATA_VERSION, type CameraMetadata } from './metadata';
export { PartialFiles, type PartialFile } from './partials';
export {
  CameraSession,
  DEFAULT_MAX_PACKETS,
  type CameraFileSink,
  type CameraUpload,
  type SessionIo,
  type SessionOptions,
} from './session';
export {
  startCameraListener,
  DEFAULT_CAMERA_IDLE_MS,
  type CameraListener,
  type CameraListenerStats,
  type CameraListenOptions,
} from './listener';
