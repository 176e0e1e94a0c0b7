/**
 * A tracker speaking one of the framed protocols (GT06, H02, Queclink, Coban, Wialon IPS), as the protocol's
 * `SimulatedDevice` encodes it: a login on connecting, a frame per fix, and where the protocol answers no
 * position, a heartbeat after them whose answer proves the server committed what came before.
 */
import { connect, type Socket } from 'node:net';
import type { DeviceFix, DeviceFrame, SimulatedDevice } from '../../../server/src/protocols';
import { DeviceRejectedError, type Transport } from './transport';
import type { Sample } from './vehicle';

export interface FramedClientOptions {
  host: string;
  port: number;
  uniqueId: string;
  device: SimulatedDevice;
  timeoutMs?: number;
}

export function fixOf(s: Sample): DeviceFix {
  return {
    time: new Date(s.time),
    latitude: s.latitude,
    longitude: s.longitude,
    altitude: s.altitude,
    speedKmh: s.speedKmh,
    course: s.course,
    satellites: s.satellites,
    ignition: s.ignition,
    odometer: s.odometer,
    power: s.powerMv / 1000,
    sos: s.event?.type === 'sos',
  };
}

export class FramedClient implements Transport {
  private socket?: Socket;
  private received: Buffer = Buffer.alloc(0);
  private wake?: () => void;
  private closedWith?: Error;
  private sequence = 1;

  constructor(private readonly o: FramedClientOptions) {}

  get connected(): boolean {
    return this.socket !== undefined && this.closedWith === undefined;
  }

  async send(samples: Sample[]): Promise<void> {
    if (!this.connected) await this.open();
    // a tracker with a buffer sends its frames back to back, then reads the answers in order
    const frames = samples.map((s) => this.o.device.position(this.o.uniqueId, fixOf(s), this.sequence++));
    const socket = this.socket!;
    socket.write(Buffer.concat(frames.map((f) => f.bytes)));
    for (const frame of frames) if (frame.answered) await this.answer();
    if (frames.some((f) => !f.answered))
      await this.exchange(this.o.device.sync(this.o.uniqueId, this.sequence++));
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private async open(): Promise<void> {
    this.close();
    this.received = Buffer.alloc(0);
    this.closedWith = undefined;
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect({ host: this.o.host, port: this.o.port }, () => resolve(s));
      s.once('error', reject);
    });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake?.();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closedWith ??= new Error('connection closed');
      this.wake?.();
    });
    this.socket = socket;
    const login = this.o.device.login(this.o.uniqueId, this.sequence++);
    try {
      for (const frame of login) await this.exchange(frame);
      // protocols without a login answer name the device in every frame: a heartbeat tells if it is known
      if (!login.some((frame) => frame.answered))
        await this.exchange(this.o.device.sync(this.o.uniqueId, this.sequence++));
    } catch (error) {
      throw new DeviceRejectedError(`server refused device ${this.o.uniqueId}: ${(error as Error).message}`);
    }
  }

  /** Writes the frame and, when the protocol answers it, waits for the answer; true when answered. */
  private async exchange(frame: DeviceFrame): Promise<boolean> {
    const socket = this.socket;
    if (!socket || this.closedWith) throw this.closedWith ?? new Error('not connected');
    socket.write(frame.bytes);
    if (!frame.answered) return false;
    const answer = await this.answer();
    if (this.o.device.refused?.(answer)) {
      this.close();
      throw new Error('refused');
    }
    return true;
  }

  private answer(): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error('no answer')), this.o.timeoutMs ?? 30_000);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.wake = undefined;
        if (error) {
          this.close();
          reject(error);
        }
      };
      const check = () => {
        const length = this.o.device.answerLength(this.received);
        if (length > 0) {
          const answer = this.received.subarray(0, length);
          this.received = this.received.subarray(length);
          finish();
          resolve(answer);
        } else if (this.closedWith) finish(this.closedWith);
      };
      this.wake = check;
      check();
    });
  }
}
