/**
 * A Teltonika device over TCP: IMEI handshake, Codec 8 frames, and the server's record-count ack for each
 * frame before the next. Any error closes the connection; the caller reconnects and resends.
 */
import { connect, type Socket } from 'node:net';
import { CODEC_8, encodeAvlData, encodeImeiPacket, encodeTcpFrame } from '../../../server/src/protocols';
import { toAvlRecord } from './records';
import { DeviceRejectedError, type Transport } from './transport';
import type { Sample } from './vehicle';

const ACCEPTED = 0x01;

/** Reads exact byte counts from a socket; pending reads fail when the socket closes or times out. */
class SocketReader {
  private buffer: Buffer = Buffer.alloc(0);
  private waiter?: { n: number; resolve: (b: Buffer) => void; reject: (e: Error) => void };
  private failure?: Error;

  constructor(socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.pump();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed by the server')));
  }

  private pump() {
    const w = this.waiter;
    if (!w || this.buffer.length < w.n) return;
    this.waiter = undefined;
    const out = this.buffer.subarray(0, w.n);
    this.buffer = this.buffer.subarray(w.n);
    w.resolve(out);
  }

  fail(error: Error) {
    this.failure ??= error;
    const w = this.waiter;
    this.waiter = undefined;
    w?.reject(this.failure);
  }

  read(n: number, timeoutMs: number): Promise<Buffer> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      this.waiter = {
        n,
        resolve: (b) => (clearTimeout(timer), resolve(b)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      };
      this.pump();
    });
  }
}

export interface TeltonikaClientOptions {
  host: string;
  port: number;
  imei: string;
  timeoutMs?: number;
}

export class TeltonikaClient implements Transport {
  private socket?: Socket;
  private reader?: SocketReader;
  private readonly timeoutMs: number;

  constructor(private readonly options: TeltonikaClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  get connected(): boolean {
    return Boolean(this.socket && !this.socket.destroyed);
  }

  private async open(): Promise<SocketReader> {
    const { host, port, imei } = this.options;
    const socket = connect({ host, port });
    socket.setNoDelay(true);
    socket.setKeepAlive(true);
    const reader = new SocketReader(socket);
    this.socket = socket;
    this.reader = reader;
    socket.write(encodeImeiPacket(imei));
    const [answer] = await reader.read(1, this.timeoutMs);
    if (answer !== ACCEPTED) throw new DeviceRejectedError(`server rejected IMEI ${imei}`);
    return reader;
  }

  async send(samples: Sample[]): Promise<void> {
    try {
      const reader = this.connected && this.reader ? this.reader : await this.open();
      this.socket!.write(encodeTcpFrame(encodeAvlData(CODEC_8, samples.map(toAvlRecord))));
      const acked = (await reader.read(4, this.timeoutMs)).readUInt32BE(0);
      if (acked !== samples.length) throw new Error(`server acked ${acked} of ${samples.length} records`);
    } catch (error) {
      this.close();
      throw error;
    }
  }

  close(): void {
    this.reader?.fail(new Error('connection closed'));
    this.socket?.destroy();
    this.socket = undefined;
    this.reader = undefined;
  }
}
