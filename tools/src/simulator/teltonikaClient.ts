/**
 * A Teltonika device over TCP: IMEI handshake, Codec 8 frames, and the server's record-count ack for each
 * frame before the next. Codec 12 commands from the server may arrive at any time (a frame starts with four
 * zero bytes, an ack never is 0: every frame carries records); each is answered by `onCommand`, when it has
 * an answer. Any error closes the connection; the caller reconnects and resends.
 */
import { connect, type Socket } from 'node:net';
import {
  CODEC_8,
  CODEC_8E,
  CODEC_12,
  CODEC12_COMMAND,
  CODEC12_RESPONSE,
  decodeCodec12,
  encodeAvlData,
  encodeCodec12Data,
  encodeImeiPacket,
  encodeTcpFrame,
  type AvlIo,
} from '../../../server/src/protocols';
import { toAvlRecord } from './records';
import { DeviceRejectedError, type Transport } from './transport';
import type { Sample } from './vehicle';

const ACCEPTED = 0x01;

/**
 * Reads exact byte counts from a socket; pending reads fail when the socket closes or times out. Once
 * `framed` (after the handshake), server frames are taken off the stream as they arrive and handed to
 * `onFrame`, so they never pass for an ack.
 */
class SocketReader {
  private buffer: Buffer = Buffer.alloc(0);
  private waiter?: { n: number; resolve: (b: Buffer) => void; reject: (e: Error) => void };
  private failure?: Error;
  framed = false;

  constructor(
    socket: Socket,
    private readonly onFrame: (data: Buffer) => void,
  ) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.pump();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed by the server')));
  }

  /** Takes a complete frame off the front of the buffer; false when none (yet) is there. */
  private takeFrame(): boolean {
    if (!this.framed || this.buffer.length < 4 || this.buffer.readUInt32BE(0) !== 0) return false;
    if (this.buffer.length < 8) return false;
    const length = this.buffer.readUInt32BE(4);
    if (this.buffer.length < 12 + length) return false;
    const data = Buffer.from(this.buffer.subarray(8, 8 + length));
    this.buffer = this.buffer.subarray(12 + length);
    this.onFrame(data);
    return true;
  }

  private startsWithFrame(): boolean {
    return this.framed && this.buffer.length >= 4 && this.buffer.readUInt32BE(0) === 0;
  }

  private pump() {
    for (;;) {
      if (this.takeFrame()) continue;
      // an incomplete frame: wait for the rest of it
      if (this.startsWithFrame()) return;
      const w = this.waiter;
      if (!w || this.buffer.length < w.n) return;
      this.waiter = undefined;
      const out = this.buffer.subarray(0, w.n);
      this.buffer = this.buffer.subarray(w.n);
      w.resolve(out);
    }
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
  /** the answer to a Codec 12 command text, or undefined to leave it unanswered */
  onCommand?: (text: string) => string | undefined;
  /** IO elements every record carries besides the sample's (accessories' state) */
  io?: AvlIo[];
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
    const reader = new SocketReader(socket, (data) => this.onFrame(socket, data));
    this.socket = socket;
    this.reader = reader;
    socket.write(encodeImeiPacket(imei));
    const [answer] = await reader.read(1, this.timeoutMs);
    if (answer !== ACCEPTED) throw new DeviceRejectedError(`server rejected IMEI ${imei}`);
    reader.framed = true;
    return reader;
  }

  /** A frame from the server: a Codec 12 command gets its answer on the same connection. */
  private onFrame(socket: Socket, data: Buffer): void {
    if (data[0] !== CODEC_12) return;
    let text: string;
    try {
      const message = decodeCodec12(data);
      if (message.type !== CODEC12_COMMAND) return;
      text = message.text;
    } catch {
      return;
    }
    const answer = this.options.onCommand?.(text);
    if (answer !== undefined && !socket.destroyed)
      socket.write(encodeTcpFrame(encodeCodec12Data(CODEC12_RESPONSE, answer)));
  }

  async send(samples: Sample[]): Promise<void> {
    try {
      const reader = this.connected && this.reader ? this.reader : await this.open();
      const records = samples.map(toAvlRecord);
      const io = this.options.io;
      if (io?.length) for (const record of records) record.io.push(...io);
      // IO ids above 255 (the camera state) need Codec 8 Extended, as the tracker sends them
      const codec = io?.some((e) => e.id > 0xff) ? CODEC_8E : CODEC_8;
      this.socket!.write(encodeTcpFrame(encodeAvlData(codec, records)));
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
