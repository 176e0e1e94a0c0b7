/**
 * A device of a framed protocol as the simulator, the benches and the tests drive it: the frames it
 * sends and how to cut the server's answers. Each protocol folder exports one (`simulate.ts`).
 */

/** What the simulator puts in a position frame, in any protocol. */
export interface DeviceFix {
  time: Date;
  latitude: number;
  longitude: number;
  /** metres */
  altitude: number;
  speedKmh: number;
  /** degrees, 0–359 */
  course: number;
  satellites: number;
  ignition: boolean;
  /** metres, when the protocol carries an odometer */
  odometer?: number;
  /** external power, volts */
  power?: number;
  /** an alarm the frame reports (the simulator's SOS button) */
  sos?: boolean;
}

/** One frame to send and whether the server answers it (an ack written after the commit). */
export interface DeviceFrame {
  bytes: Buffer;
  answered: boolean;
}

export interface SimulatedDevice {
  /** the frames a device sends on connecting (its login); empty when the protocol has none */
  login(uniqueId: string, sequence: number): DeviceFrame[];
  /** one position frame */
  position(uniqueId: string, fix: DeviceFix, sequence: number): DeviceFrame;
  /**
   * A frame the server answers (a heartbeat). The server handles a connection's frames in order, so its
   * answer means every frame sent before it was committed: the simulator sends it after positions the
   * protocol does not acknowledge.
   */
  sync(uniqueId: string, sequence: number): DeviceFrame;
  /** the length of the first complete answer in `received`, 0 while it is incomplete */
  answerLength(received: Buffer): number;
  /** whether an answer refuses the device (a protocol that answers an unknown id before closing) */
  refused?(answer: Buffer): boolean;
}
