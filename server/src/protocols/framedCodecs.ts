import type { FramedProtocol } from '../config';
import type { ProtocolCodec } from './framed/codec';
import type { SimulatedDevice } from './framed/simulatedDevice';
import { gl200Codec } from './gl200/codec';
import { gl200Device } from './gl200/simulate';
import { gps103Codec } from './gps103/codec';
import { gps103Device } from './gps103/simulate';
import { gt06Codec } from './gt06/codec';
import { gt06Device } from './gt06/simulate';
import { h02Codec } from './h02/codec';
import { h02Device } from './h02/simulate';
import { wialonCodec } from './wialon/codec';
import { wialonDevice } from './wialon/simulate';

/** The codec of each framed device protocol, each served on its own port (config `framedPorts`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each codec keeps its own per-connection state type
export const FRAMED_CODECS: Record<FramedProtocol, ProtocolCodec<any>> = {
  gt06: gt06Codec,
  h02: h02Codec,
  gl200: gl200Codec,
  gps103: gps103Codec,
  wialon: wialonCodec,
};

/** How the simulator and the benches speak each framed protocol. */
export const SIMULATED_DEVICES: Record<FramedProtocol, SimulatedDevice> = {
  gt06: gt06Device,
  h02: h02Device,
  gl200: gl200Device,
  gps103: gps103Device,
  wialon: wialonDevice,
};
