/** A fake Teltonika device over real TCP: handshake, frames, acks (tests and benches). */
import { Socket } from 'node:net';
import {
  CODEC_8,
  CODEC12_RESPONSE,
  decodeCodec12,
  encodeAvlData,
  encodeCodec12Data,
  encodeImeiPacket,
  encodeTcpFrame,
  ioElement,
  type AvlRecord,
} from '../src/protocols';

export interface RecordSpec {
  time: number;
  lat: number;
  lon: number;
  speedKmh?: number;
  ignition?: boolean;
  eventId?: number;
  io?: Array<{ id: number; size: 1 | 2 | 4 | 8; value: number | bigint }>;
}

export function avlRecord(r: RecordSpec): AvlRecord {
  const io = [...(r.io ?? [])];
  if (r.ignition !== undefined) io.push({ id: 239, size: 1, value: r.ignition ? 1 : 0 });
  return {
    timestamp: r.time,
    priority: 0,
    longitude: r.lon,
    latitude: r.lat,
    altitude: 50,
    angle: 90,
    satellites: 9,
    speedKmh: r.speedKmh ?? 0,
    eventId: r.eventId ?? 0,
    io: io.map((x) => ioElement(x.id, x.size, x.value)),
  };
}

export class FakeTeltonika {
  private socket = new Socket();
  private buffer = Buffer.alloc(0);
  private waiters: Array<{ n: number; resolve: (b: Buffer) => void }> = [];

  constructor(
    private port: number,
    private host = '127.0.0.1',
  ) {
    this.socket.on('data', (d) => {
      this.buffer = Buffer.concat([this.buffer, d]);
      this.pump();
    });
  }

  private pump() {
    while (this.waiters.length && this.buffer.length >= this.waiters[0].n) {
      const w = this.waiters.shift()!;
      const out = this.buffer.subarray(0, w.n);
      this.buffer = this.buffer.subarray(w.n);
      w.resolve(out);
    }
  }

  read(n: number, timeoutMs = 10000): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no ${n} bytes within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ n, resolve: (b) => (clearTimeout(t), resolve(b)) });
      this.pump();
    });
  }

  async connect(imei: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.socket.once('error', reject);
      this.socket.connect(this.port, this.host, () => resolve());
    });
    this.socket.write(encodeImeiPacket(imei));
    return (await this.read(1))[0];
  }

  /** Sends one Codec 8 frame and returns the acknowledged record count. */
  async send(records: RecordSpec[]): Promise<number> {
    this.socket.write(encodeTcpFrame(encodeAvlData(CODEC_8, records.map(avlRecord))));
    return (await this.read(4)).readUInt32BE(0);
  }

  write(bytes: Buffer) {
    this.socket.write(bytes);
  }

  close() {
    this.socket.destroy();
  }
}

/** Reads one Codec 12 command frame from the server and returns its text. */
export async function readCommand(dev: FakeTeltonika): Promise<string> {
  const header = await dev.read(8, 15000);
  const length = header.readUInt32BE(4);
  const rest = await dev.read(length + 4);
  return decodeCodec12(rest.subarray(0, length)).text;
}

/** Answers a command the way a tracker does (Codec 12 response). */
export function answerCommand(dev: FakeTeltonika, text: string): void {
  dev.write(encodeTcpFrame(encodeCodec12Data(CODEC12_RESPONSE, text)));
}
