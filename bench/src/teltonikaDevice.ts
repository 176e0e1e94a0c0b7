/** One Teltonika device for the benches: a TCP connection that sends its IMEI, then frames, and reads acks. */
import { connect, type Socket } from 'node:net';
import { encodeImeiPacket } from '../../server/src/protocols';

export class TeltonikaDevice {
  private socket?: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private wake?: () => void;
  /** the first error of the connection (or the close), after which every read fails */
  failure?: Error;

  constructor(readonly uniqueId: string) {}

  async open(host: string, port: number): Promise<void> {
    const socket = (this.socket = connect({ host, port }));
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.wake?.();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error(`${this.uniqueId}: connection closed by the server`)));
    socket.write(encodeImeiPacket(this.uniqueId));
    const [answer] = await this.read(1);
    if (answer !== 1) throw new Error(`${this.uniqueId}: device refused`);
  }

  private fail(error: Error) {
    this.failure ??= error;
    this.wake?.();
  }

  /** The next `n` bytes the server sends. */
  read(n: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.buffer.length >= n) {
          this.wake = undefined;
          const out = this.buffer.subarray(0, n);
          this.buffer = this.buffer.subarray(n);
          resolve(out);
        } else if (this.failure) {
          this.wake = undefined;
          reject(this.failure);
        }
      };
      this.wake = check;
      check();
    });
  }

  write(frame: Buffer) {
    this.socket?.write(frame);
  }

  close() {
    this.failure ??= new Error('closed');
    this.socket?.destroy();
  }
}
