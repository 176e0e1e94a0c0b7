import { connect, type Socket } from 'node:net';

/** A TCP client standing in for a tracker: writes raw bytes and reads what the server answers. */
export class FakeDevice {
  private received: Buffer = Buffer.alloc(0);
  private cursor = 0;
  private listeners: (() => void)[] = [];
  readonly closed: Promise<void>;
  isClosed = false;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.notify();
    });
    socket.on('error', () => undefined);
    // the server ended its side: finish ours so the connection closes, as a device would
    socket.on('end', () => socket.end());
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.isClosed = true;
        this.notify();
        resolve();
      }),
    );
  }

  static connect(port: number): Promise<FakeDevice> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () =>
        resolve(new FakeDevice(socket)),
      );
      socket.once('error', reject);
    });
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** Every byte received so far. */
  get all(): Buffer {
    return this.received;
  }

  write(bytes: Buffer): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.write(bytes, (error) => (error ? reject(error) : resolve())),
    );
  }

  /** Reads the next n bytes, failing when they do not arrive in time or the connection closes first. */
  read(n: number, timeoutMs = 2000): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.received.length - this.cursor >= n) {
          done();
          const bytes = this.received.subarray(this.cursor, this.cursor + n);
          this.cursor += n;
          resolve(bytes);
        } else if (this.isClosed) {
          done();
          reject(new Error(`connection closed after ${this.received.length - this.cursor} of ${n} bytes`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out reading ${n} bytes (${this.received.length - this.cursor} available)`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== check);
      };
      this.listeners.push(check);
      check();
    });
  }

  /** Bytes received past what was read. */
  get unread(): Buffer {
    return this.received.subarray(this.cursor);
  }

  /** Half-closes: the server sees the end of the stream and closes after answering what it got. */
  end(): void {
    this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }
}

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
