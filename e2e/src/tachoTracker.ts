/**
 * A Teltonika heavy-duty tracker connected to a tachograph, over the real TCP port: Codec 8 Extended records
 * with driver 1's card, names, working state and counters as IO elements (../shared/protocols/tachograph.md).
 */
import { Socket } from 'node:net';
import { encodeAvlData, ioElement, ioVariable } from '../../server/src/protocols/teltonika/avlEncoder';
import { CODEC_8E, type AvlIo } from '../../server/src/protocols/teltonika/avlRecord';
import { encodeImeiPacket, encodeTcpFrame } from '../../server/src/protocols/teltonika/tcpFrame';

export interface TachoReport {
  card: string;
  state: number;
  names: [string, string];
  /** counters in seconds by IO id (10530 remaining until the break, 10522 until the weekly rest…) */
  counters: Record<number, number>;
}

/** 8 ASCII characters as the tracker packs them into one 8-byte IO value: last character first. */
const packed = (text: string): bigint =>
  [...text].map((c) => BigInt(c.charCodeAt(0))).reduceRight((n, b) => (n << 8n) | b, 0n);

/** A tachograph text element: code page 1 (ISO-8859-1), then the characters. */
const text = (id: number, value: string): AvlIo =>
  ioVariable(id, Buffer.concat([Buffer.from([1]), Buffer.from(value, 'latin1')]));

export class TachoTracker {
  private readonly socket = new Socket();
  private buffer = Buffer.alloc(0);
  private waiter: { n: number; resolve: (bytes: Buffer) => void } | null = null;

  constructor(private readonly port: number) {
    this.socket.on('data', (data) => {
      this.buffer = Buffer.concat([this.buffer, data]);
      this.pump();
    });
  }

  private pump(): void {
    if (this.waiter && this.buffer.length >= this.waiter.n) {
      const { n, resolve } = this.waiter;
      this.waiter = null;
      const bytes = this.buffer.subarray(0, n);
      this.buffer = this.buffer.subarray(n);
      resolve(bytes);
    }
  }

  private read(n: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${n} bytes within 10 s`)), 10_000);
      this.waiter = {
        n,
        resolve: (bytes) => {
          clearTimeout(timer);
          resolve(bytes);
        },
      };
      this.pump();
    });
  }

  async connect(imei: string): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.socket.once('error', reject);
      this.socket.connect(this.port, '127.0.0.1', () => resolve());
    });
    this.socket.write(encodeImeiPacket(imei));
    if ((await this.read(1))[0] !== 1) throw new Error('IMEI refused');
  }

  /** One record with the tachograph's driver 1 data; answers the count the server acknowledged. */
  async report(r: TachoReport): Promise<number> {
    const io: AvlIo[] = [
      ioElement(239, 1, 1),
      ioElement(184, 1, r.state),
      ioElement(187, 1, 1),
      ioElement(195, 8, packed(r.card.slice(0, 8))),
      ioElement(196, 8, packed(r.card.slice(8))),
      text(10518, r.names[0]),
      text(10519, r.names[1]),
      ...Object.entries(r.counters).map(([id, value]) => ioElement(Number(id), 4, value)),
    ];
    const record = {
      timestamp: Date.now(),
      priority: 0,
      longitude: 13.23,
      latitude: -8.83,
      altitude: 50,
      angle: 0,
      satellites: 9,
      speedKmh: 0,
      eventId: 0,
      io,
    };
    this.socket.write(encodeTcpFrame(encodeAvlData(CODEC_8E, [record])));
    return (await this.read(4)).readUInt32BE(0);
  }

  close(): void {
    this.socket.destroy();
  }
}
