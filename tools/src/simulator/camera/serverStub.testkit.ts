/**
 * A tiny camera-upload server for the client's tests: reads the init and the camera's messages strictly,
 * checks every DATA packet's length and chained CRC, keeps what it received across connections, and asks
 * with RESUME from the first packet it lacks.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import { crc16Kermit } from './crc';
import { CMD, PACKET_SIZE, PROTOCOL_ID, SETTINGS_BIT, type CameraFileId, type Message } from './messages';

export interface StubInit {
  protocol: number;
  imei: string;
  settings: number;
}

interface Upload {
  packets: Buffer[];
  crcs: number[];
  total: number;
}

export interface StubScript {
  /** after this packet number of this file arrives (first time only), ask again from packet `from` */
  reRequest?: { file: CameraFileId; after: number; from: number };
  /** ask the metadata before each file */
  metadata?: boolean;
}

/** Reads the camera's byte stream message by message. */
class StreamReader {
  private buffer: Buffer = Buffer.alloc(0);
  private waiter?: () => void;
  closed = false;

  constructor(socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiter?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiter?.();
    });
  }

  async bytes(n: number): Promise<Buffer> {
    while (this.buffer.length < n) {
      if (this.closed) throw new Error('camera closed the connection');
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }

  async message(): Promise<Message> {
    const head = await this.bytes(4);
    return { command: head.readUInt16BE(0), payload: Buffer.from(await this.bytes(head.readUInt16BE(2))) };
  }
}

const send = (socket: Socket, command: number, payload = Buffer.alloc(0)) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(command, 0);
  head.writeUInt16BE(payload.length, 2);
  socket.write(Buffer.concat([head, payload]));
};

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

const ORDER: CameraFileId[] = ['%photof', '%photor', '%videof', '%videor'];

export class CameraServerStub {
  readonly server: Server;
  readonly inits: StubInit[] = [];
  readonly repeatInits: number[] = [];
  readonly metadata = new Map<CameraFileId, Buffer>();
  readonly files = new Map<CameraFileId, Buffer>();
  /** the same, by `${imei}:${file}` (several cameras send files of the same name) */
  readonly cameraFiles = new Map<string, Buffer>();
  /** RESUME offsets sent, in order */
  readonly resumes: Array<{ file: CameraFileId; offset: number }> = [];
  readonly errors: string[] = [];
  /** uploads under way or done, by `${imei}:${file}` */
  private readonly uploads = new Map<string, Upload>();
  private reRequested = false;

  constructor(private readonly script: StubScript = {}) {
    this.server = createServer((socket) => {
      this.serve(socket).catch((error: Error) => {
        if (!/camera closed/.test(error.message)) this.errors.push(error.message);
        socket.destroy();
      });
    });
  }

  async listen(): Promise<number> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return (this.server.address() as { port: number }).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private fail(message: string): never {
    this.errors.push(message);
    throw new Error(message);
  }

  private async serve(socket: Socket): Promise<void> {
    const reader = new StreamReader(socket);
    const init = await reader.bytes(16);
    if (init.readUInt16BE(0) !== 0) this.fail(`init header ${init.readUInt16BE(0)}`);
    let settings = init.readUInt32BE(12);
    const imei = String(init.readBigUInt64BE(4));
    this.inits.push({ protocol: init.readUInt16BE(2), imei, settings });
    if (init.readUInt16BE(2) !== PROTOCOL_ID) this.fail(`protocol ${init.readUInt16BE(2)}`);
    for (;;) {
      const id = ORDER.find((f) => settings & SETTINGS_BIT[f]);
      if (!id) {
        send(socket, CMD.close);
        socket.end();
        return;
      }
      const path = Buffer.from(id, 'latin1');
      if (this.script.metadata !== false) {
        send(socket, CMD.metadataQuery, path);
        const meta = await reader.message();
        if (meta.command !== CMD.metadata) this.fail(`expected metadata, got 0x${meta.command.toString(16)}`);
        this.metadata.set(id, meta.payload);
      }
      send(socket, CMD.fileRequest, path);
      const start = await reader.message();
      if (start.command !== CMD.start || start.payload.length !== 6) this.fail('expected START of 6 bytes');
      if (start.payload.readUInt16BE(4) !== 0) this.fail('START does not end with u16 0');
      const total = start.payload.readUInt32BE(0);
      // kept per camera and file across connections (a resumed upload), never shared between cameras:
      // two cameras may send their %photof at the same moment
      const key = `${imei}:${id}`;
      const upload = this.uploads.get(key) ?? { packets: [], crcs: [], total };
      if (upload.total !== total) this.fail(`START says ${total} packets, before ${upload.total}`);
      this.uploads.set(key, upload);
      await this.receive(socket, reader, id, upload);
      this.files.set(id, Buffer.concat(upload.packets));
      this.cameraFiles.set(key, Buffer.concat(upload.packets));
      settings &= ~SETTINGS_BIT[id];
      if (settings) {
        const repeat = await reader.message();
        if (repeat.command !== CMD.repeatInit)
          this.fail(`expected 0x0009, got 0x${repeat.command.toString(16)}`);
        if (repeat.payload.length !== 14) this.fail(`0x0009 payload of ${repeat.payload.length} bytes`);
        this.repeatInits.push(repeat.payload.readUInt32BE(10));
        settings = repeat.payload.readUInt32BE(10);
      }
    }
  }

  private async receive(socket: Socket, reader: StreamReader, id: CameraFileId, upload: Upload) {
    let offset = upload.packets.length + 1;
    const resume = (from: number) => {
      upload.packets.length = from - 1;
      upload.crcs.length = from - 1;
      this.resumes.push({ file: id, offset: from });
      send(socket, CMD.resume, u32(from));
    };
    resume(offset);
    let synced = false;
    while (upload.packets.length < upload.total) {
      const message = await reader.message();
      if (message.command === CMD.sync) {
        const at = message.payload.readUInt32BE(0);
        if (at !== offset) this.fail(`SYNC ${at}, asked ${offset}`);
        synced = true;
        continue;
      }
      // anything in flight before the camera saw our RESUME
      if (!synced) continue;
      if (message.command !== CMD.data) this.fail(`expected DATA, got 0x${message.command.toString(16)}`);
      const n = upload.packets.length + 1;
      const bytes = message.payload.subarray(0, message.payload.length - 2);
      const crc = message.payload.readUInt16BE(message.payload.length - 2);
      if (n < upload.total && bytes.length !== PACKET_SIZE)
        this.fail(`packet ${n} has ${bytes.length} bytes`);
      const expected = crc16Kermit(bytes, upload.crcs.at(-1) ?? 0);
      if (crc !== expected) this.fail(`packet ${n}: CRC ${crc}, expected ${expected}`);
      upload.packets.push(Buffer.from(bytes));
      upload.crcs.push(crc);
      const r = this.script.reRequest;
      if (r && !this.reRequested && r.file === id && n === r.after) {
        this.reRequested = true;
        offset = r.from;
        synced = false;
        resume(r.from);
      }
    }
  }
}
