/**
 * A fake Teltonika tracker over real TCP for the blocking test (after server/test/teltonikaDevice.ts):
 * handshake, one Codec 8 record so the server knows the connection, then Codec 12 commands read and
 * answered the way an FMB device does.
 */
import { Socket } from 'node:net';
import { encodeAvlData, ioElement } from '../../server/src/protocols/teltonika/avlEncoder';
import { CODEC_8 } from '../../server/src/protocols/teltonika/avlRecord';
import {
  CODEC12_RESPONSE,
  decodeCodec12,
  encodeCodec12Data,
} from '../../server/src/protocols/teltonika/codec12';
import { encodeImeiPacket, encodeTcpFrame } from '../../server/src/protocols/teltonika/tcpFrame';

export class LiveTeltonika {
  private readonly socket = new Socket();
  private buffer = Buffer.alloc(0);
  private waiters: Array<{ n: number; resolve: (bytes: Buffer) => void }> = [];

  constructor(private readonly port: number) {
    this.socket.on('data', (data) => {
      this.buffer = Buffer.concat([this.buffer, data]);
      this.pump();
    });
  }

  private pump(): void {
    while (this.waiters.length && this.buffer.length >= this.waiters[0].n) {
      const waiter = this.waiters.shift()!;
      const bytes = this.buffer.subarray(0, waiter.n);
      this.buffer = this.buffer.subarray(waiter.n);
      waiter.resolve(bytes);
    }
  }

  private read(n: number, timeoutMs: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${n} bytes within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        n,
        resolve: (bytes) => {
          clearTimeout(timer);
          resolve(bytes);
        },
      });
      this.pump();
    });
  }

  /** Connects, identifies with the IMEI and reports one fix (ignition on, stopped); answers the ack count. */
  async connect(imei: string, fix: { lat: number; lon: number }): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.socket.once('error', reject);
      this.socket.connect(this.port, '127.0.0.1', () => resolve());
    });
    this.socket.write(encodeImeiPacket(imei));
    if ((await this.read(1, 10_000))[0] !== 1) throw new Error('IMEI refused');
    const record = {
      timestamp: Date.now(),
      priority: 0,
      longitude: fix.lon,
      latitude: fix.lat,
      altitude: 50,
      angle: 0,
      satellites: 9,
      speedKmh: 0,
      eventId: 0,
      io: [ioElement(239, 1, 1), ioElement(66, 2, 12_600)],
    };
    this.socket.write(encodeTcpFrame(encodeAvlData(CODEC_8, [record])));
    return (await this.read(4, 10_000)).readUInt32BE(0);
  }

  /** The next Codec 12 command the server sends. */
  async readCommand(timeoutMs = 30_000): Promise<string> {
    const header = await this.read(8, timeoutMs);
    const length = header.readUInt32BE(4);
    const rest = await this.read(length + 4, 10_000);
    return decodeCodec12(rest.subarray(0, length)).text;
  }

  answer(text: string): void {
    this.socket.write(encodeTcpFrame(encodeCodec12Data(CODEC12_RESPONSE, text)));
  }

  close(): void {
    this.socket.destroy();
  }
}
