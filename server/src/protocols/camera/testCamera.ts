/**
 * A camera for tests, transport-free: it answers the server's commands the way a DualCam does (metadata,
 * START, SYNC, DATA packets with the chained CRC) for the files it holds. Knobs make it misbehave: a packet
 * sent once with a bad CRC, a connection cut after N packets, silence after the init.
 */
import { cameraCrc } from './crc';
import {
  CMD,
  CommandReader,
  PACKET_BYTES,
  encodeCommand,
  encodeData,
  encodeInit,
  encodeRepeatInit,
  encodeStart,
  encodeSync,
  CAMERA_FILES,
  type CameraFileId,
} from './messages';
import { encodeMetadata, type CameraMetadata } from './metadata';

export interface TestCameraFile {
  bytes: Buffer;
  metadata?: Omit<CameraMetadata, 'version'> & { version?: number };
}

export interface TestCameraOptions {
  imei: string;
  files: Partial<Record<CameraFileId, TestCameraFile>>;
  protocolId?: number;
  /** 1-based packet numbers sent once with a wrong CRC */
  corrupt?: number[];
  /** 1-based packet numbers always sent with a wrong CRC */
  corruptAlways?: number[];
  /** the connection breaks after this many DATA packets in total */
  cutAfterPackets?: number;
  /** the camera says nothing after its init */
  stallAfterInit?: boolean;
  /** after each file, the camera says which files still wait (0x0009), as some firmware does */
  repeatAfterEachFile?: boolean;
}

/** What the server said, in order: `[command id, payload]`. */
export type Heard = Array<{ id: number; payload: Buffer }>;

export function splitPackets(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += PACKET_BYTES) out.push(bytes.subarray(at, at + PACKET_BYTES));
  return out;
}

export class TestCamera {
  readonly heard: Heard = [];
  private reader = new CommandReader();
  private current: CameraFileId | undefined;
  private corrupt: Set<number>;
  private sentPackets = 0;
  private sent = new Set<CameraFileId>();
  cut = false;
  closedByServer = false;

  constructor(
    private o: TestCameraOptions,
    private send: (bytes: Buffer) => void,
    /** the camera drops the connection */
    private hangUp: () => void = () => undefined,
  ) {
    this.corrupt = new Set(o.corrupt ?? []);
  }

  settings(): number {
    let bits = 0;
    for (const f of CAMERA_FILES) if (this.o.files[f.id]) bits |= f.bit;
    return bits;
  }

  init(): Buffer {
    return encodeInit({ protocolId: this.o.protocolId ?? 5, imei: this.o.imei, settings: this.settings() });
  }

  start(): void {
    this.send(this.init());
  }

  /** Offers more files on the same connection (0x0009). */
  offer(files: Partial<Record<CameraFileId, TestCameraFile>>): void {
    this.o.files = files;
    this.send(
      encodeRepeatInit({ protocolId: this.o.protocolId ?? 5, imei: this.o.imei, settings: this.settings() }),
    );
  }

  receive(chunk: Buffer): void {
    this.reader.feed(chunk);
    for (let c = this.reader.next(); c; c = this.reader.next()) {
      this.heard.push(c);
      if (this.cut || this.o.stallAfterInit) continue;
      this.react(c.id, c.payload);
    }
  }

  private file(): TestCameraFile | undefined {
    return this.current ? this.o.files[this.current] : undefined;
  }

  private react(id: number, payload: Buffer): void {
    switch (id) {
      case CMD.METADATA_REQUEST: {
        this.current = payload.toString('ascii') as CameraFileId;
        const meta = this.file()?.metadata;
        this.send(
          meta
            ? encodeCommand(CMD.METADATA, encodeMetadata(meta))
            : encodeCommand(CMD.STATUS, Buffer.from([1])),
        );
        return;
      }
      case CMD.FILE_REQUEST: {
        this.current = payload.toString('ascii') as CameraFileId;
        const file = this.file();
        if (!file) this.send(encodeCommand(CMD.STATUS, Buffer.from([2])));
        else this.send(encodeStart(splitPackets(file.bytes).length));
        return;
      }
      case CMD.RESUME: {
        const offset = payload.readUInt32BE(0);
        this.send(encodeSync(offset));
        const packets = splitPackets(this.file()!.bytes);
        let crc = 0;
        for (let n = 1; n < offset; n++) crc = cameraCrc(packets[n - 1], crc);
        for (let n = offset; n <= packets.length; n++) {
          crc = cameraCrc(packets[n - 1], crc);
          const bad = this.corrupt.delete(n) || !!this.o.corruptAlways?.includes(n);
          this.send(encodeData(packets[n - 1], bad ? crc ^ 0x5a5a : crc));
          this.sentPackets++;
          if (this.o.cutAfterPackets !== undefined && this.sentPackets >= this.o.cutAfterPackets) {
            this.cut = true;
            this.hangUp();
            return;
          }
        }
        this.sent.add(this.current!);
        if (this.o.repeatAfterEachFile) {
          const left = CAMERA_FILES.filter((f) => this.o.files[f.id] && !this.sent.has(f.id));
          const settings = left.reduce((bits, f) => bits | f.bit, 0);
          if (settings)
            this.send(encodeRepeatInit({ protocolId: this.o.protocolId ?? 5, imei: this.o.imei, settings }));
        }
        return;
      }
      case CMD.CLOSE:
        this.closedByServer = true;
        this.hangUp();
        return;
    }
  }

  /** The RESUME offsets the server sent, in order. */
  resumes(): number[] {
    return this.heard.filter((c) => c.id === CMD.RESUME).map((c) => c.payload.readUInt32BE(0));
  }
}
