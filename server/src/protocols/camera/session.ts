/**
 * One camera upload connection, from the init packet to the close. For each file the init's settings say
 * waits (photos first, front before rear), the server asks its metadata (0x000A → 0x000B), requests it
 * (0x0008), answers START with RESUME from the first packet it lacks (1, or where a broken connection left
 * the file: partials.ts), and after the camera's SYNC takes DATA packets in order, checking each one's chained
 * CRC (crc.ts). A packet with a bad CRC is refused: RESUME from that packet, and what the camera had already
 * sent behind it is dropped until its SYNC. A complete file goes to the sink whole; nothing partial ever does.
 * When no file is left the server waits a moment for a repeated init (0x0009: another file waits), then
 * closes with 0x0000; a repeated init said earlier replaces the list of files still to ask for.
 */
import type { ProtocolLog } from '../types';
import { cameraCrc } from './crc';
import {
  CMD,
  CameraProtocolError,
  CommandReader,
  INIT_BYTES,
  PACKET_BYTES,
  encodeClose,
  encodeFileRequest,
  encodeMetadataRequest,
  encodeResume,
  parseData,
  parseInit,
  parseOffset,
  parseRepeatInit,
  parseStart,
  waitingFiles,
  type CameraCommand,
  type CameraFile,
  type CameraFileId,
} from './messages';
import { parseMetadata, type CameraMetadata } from './metadata';
import type { PartialFile, PartialFiles } from './partials';

/** One whole file as the camera sent it. */
export interface CameraUpload {
  imei: string;
  file: CameraFileId;
  /** P photo, V video */
  type: 'P' | 'V';
  /** F front (road), R rear (driver) */
  camera: 'F' | 'R';
  metadata?: CameraMetadata;
  bytes: Buffer;
  /** epoch ms the last packet arrived */
  receivedAt: number;
}

/** Where the listener hands complete files (the media store implements it). */
export interface CameraFileSink {
  /** a device with this IMEI exists (cameras of unknown vehicles are turned away at the init) */
  isKnownCamera(imei: string): Promise<boolean>;
  /** stores the file (or drops it with a log line); resolves once it is committed */
  store(upload: CameraUpload): Promise<void>;
}

export interface SessionIo {
  write(bytes: Buffer): void;
  /** closes the connection after what was written */
  end(): void;
}

export interface SessionOptions {
  sink: CameraFileSink;
  partials: PartialFiles;
  log: ProtocolLog;
  /** after the last file, how long to wait for a repeated init before closing (default 1 s) */
  repeatWaitMs?: number;
  /** largest file accepted, in 1 KiB packets (default 100 MiB) */
  maxPackets?: number;
  /** bad packets in a row before the connection is given up (default 5) */
  maxRetries?: number;
  now?: () => number;
}

type State = 'init' | 'metadata' | 'start' | 'sync' | 'data' | 'repeat' | 'closed';

export const DEFAULT_MAX_PACKETS = 100 * 1024;

export class CameraSession {
  private reader = new CommandReader();
  private state: State = 'init';
  private queue: CameraFile[] = [];
  private current: CameraFile | undefined;
  private metadata: CameraMetadata | undefined;
  private partial: PartialFile | undefined;
  private retries = 0;
  private repeatTimer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  imei: string | undefined;

  constructor(
    private io: SessionIo,
    private o: SessionOptions,
  ) {}

  get buffered(): number {
    return this.reader.buffered;
  }

  /** Bytes from the camera; handled in order, one command at a time (storing a file holds the next ones). */
  receive(chunk: Buffer): Promise<void> {
    this.reader.feed(chunk);
    this.chain = this.chain.then(() => this.drain()).catch((err) => this.fail(err));
    return this.chain;
  }

  /** The connection is gone: a partial file stays for the next connection. */
  destroy(): void {
    if (this.partial) this.o.partials.touch(this.partial);
    this.state = 'closed';
    clearTimeout(this.repeatTimer);
  }

  /** The connection closed while a store or a lookup was awaited (the state is not what it was set to). */
  private gone(): boolean {
    return this.state === 'closed';
  }

  private async drain(): Promise<void> {
    if (this.state === 'init') {
      const init = this.reader.take(INIT_BYTES);
      if (!init) return;
      await this.onInit(init);
    }
    let command: CameraCommand | undefined;
    while (this.state !== 'closed' && this.state !== 'init' && (command = this.reader.next()))
      await this.onCommand(command);
  }

  private fail(err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof CameraProtocolError)
      this.o.log.warn({ imei: this.imei, message }, 'camera protocol error');
    else this.o.log.error({ imei: this.imei, err }, 'camera upload failed');
    this.close();
  }

  private close(): void {
    if (this.state === 'closed') return;
    this.destroy();
    this.io.write(encodeClose());
    this.io.end();
  }

  private async onInit(bytes: Buffer): Promise<void> {
    const init = parseInit(bytes);
    this.imei = init.imei;
    const known = await this.o.sink.isKnownCamera(init.imei);
    if (this.gone()) return; // the camera left meanwhile
    if (!known) {
      this.o.log.warn({ imei: init.imei }, 'camera upload from an unknown IMEI refused');
      this.close();
      return;
    }
    this.o.log.debug(
      { imei: init.imei, protocol: init.protocolId, settings: init.settings },
      'camera connected',
    );
    this.queue = waitingFiles(init.settings);
    this.nextFile();
  }

  private nextFile(): void {
    this.current = undefined;
    this.metadata = undefined;
    this.partial = undefined;
    this.retries = 0;
    const file = this.queue.shift();
    if (!file) {
      this.state = 'repeat';
      this.repeatTimer = setTimeout(() => this.close(), this.o.repeatWaitMs ?? 1000);
      return;
    }
    this.current = file;
    this.state = 'metadata';
    this.io.write(encodeMetadataRequest(file.id));
  }

  private requestFile(): void {
    this.state = 'start';
    this.io.write(encodeFileRequest(this.current!.id));
  }

  private resumeFrom(offset: number): void {
    this.state = 'sync';
    this.io.write(encodeResume(offset));
  }

  private async onCommand({ id, payload }: CameraCommand): Promise<void> {
    switch (id) {
      case CMD.CLOSE:
        this.close();
        return;
      case CMD.REPEAT_INIT: {
        const waiting = waitingFiles(parseRepeatInit(payload) ?? 0);
        if (this.state !== 'repeat') {
          // said while a file is under way: what waits after it
          this.queue = waiting.filter((f) => f.id !== this.current?.id);
          return;
        }
        clearTimeout(this.repeatTimer);
        this.queue = waiting;
        this.nextFile();
        return;
      }
      case CMD.METADATA:
        if (this.state !== 'metadata') return;
        try {
          this.metadata = parseMetadata(payload);
        } catch (err) {
          this.o.log.warn({ imei: this.imei, message: (err as Error).message }, 'camera metadata unreadable');
        }
        this.requestFile();
        return;
      case CMD.STATUS:
        // no metadata for this file (older firmware): request it all the same; later: the file is not there
        if (this.state === 'metadata') this.requestFile();
        else if (this.state === 'start' || this.state === 'sync' || this.state === 'data') {
          this.o.log.info(
            { imei: this.imei, file: this.current?.id, status: payload.toString('hex') },
            'camera file not sent',
          );
          this.nextFile();
        }
        return;
      case CMD.START:
        if (this.state === 'start') this.onStart(parseStart(payload));
        return;
      case CMD.SYNC:
        if (this.state === 'sync' || this.state === 'data') this.onSync(parseOffset(payload));
        return;
      case CMD.DATA:
        // packets the camera sent before it saw our RESUME are dropped until its SYNC
        if (this.state === 'data') await this.onData(payload);
        return;
      default:
        this.o.log.debug({ imei: this.imei, command: id }, 'camera command ignored');
    }
  }

  private onStart(packets: number): void {
    const max = this.o.maxPackets ?? DEFAULT_MAX_PACKETS;
    // a file whose packets before the last already pass the device's memory cap could never be held whole
    if (packets < 1 || packets > max || (packets - 1) * PACKET_BYTES >= this.o.partials.maxBytesPerDevice) {
      this.o.log.warn({ imei: this.imei, file: this.current!.id, packets }, 'camera file size refused');
      this.close();
      return;
    }
    this.partial = this.o.partials.open(this.imei!, this.current!.id, packets, this.metadata?.time);
    if (this.partial.chunks.length)
      this.o.log.info(
        { imei: this.imei, file: this.current!.id, from: this.partial.chunks.length + 1, packets },
        'camera file resumed',
      );
    this.resumeFrom(this.partial.chunks.length + 1);
  }

  private onSync(offset: number): void {
    const partial = this.partial!;
    if (offset < 1 || offset - 1 > partial.chunks.length) {
      // the camera would skip packets we lack: ask again from the first missing one
      this.bad('SYNC beyond the packets received');
      return;
    }
    this.o.partials.truncate(partial, offset - 1);
    this.state = 'data';
  }

  private bad(reason: string): void {
    const partial = this.partial!;
    this.retries++;
    if (this.retries > (this.o.maxRetries ?? 5)) {
      this.o.log.warn({ imei: this.imei, file: this.current!.id, reason }, 'camera upload given up');
      this.close();
      return;
    }
    this.o.log.debug(
      { imei: this.imei, file: this.current!.id, packet: partial.chunks.length + 1, reason },
      'packet refused',
    );
    this.resumeFrom(partial.chunks.length + 1);
  }

  private async onData(payload: Buffer): Promise<void> {
    const partial = this.partial!;
    let packet: { bytes: Buffer; crc: number };
    try {
      packet = parseData(payload);
    } catch (err) {
      this.bad((err as Error).message);
      return;
    }
    const previous = partial.crcs.length ? partial.crcs[partial.crcs.length - 1] : 0;
    const crc = cameraCrc(packet.bytes, previous);
    if (crc !== packet.crc) {
      this.bad(`bad CRC ${packet.crc.toString(16)}, expected ${crc.toString(16)}`);
      return;
    }
    this.retries = 0;
    if (!this.o.partials.append(partial, packet.bytes, crc)) {
      // over the memory cap, or dropped meanwhile (idle, or to make room): given up, nothing kept
      this.o.log.warn(
        { imei: this.imei, file: this.current!.id, packet: partial.chunks.length + 1 },
        'camera upload over the memory cap: given up',
      );
      this.o.partials.forget(partial);
      this.partial = undefined;
      this.close();
      return;
    }
    if (partial.chunks.length < partial.packets) return;

    const file = this.current!;
    const upload: CameraUpload = {
      imei: this.imei!,
      file: file.id,
      type: file.type,
      camera: file.camera,
      metadata: this.metadata,
      bytes: Buffer.concat(partial.chunks),
      receivedAt: (this.o.now ?? Date.now)(),
    };
    this.o.partials.forget(partial);
    this.partial = undefined;
    this.state = 'start'; // nothing accepted while storing
    await this.o.sink.store(upload);
    if (!this.gone()) this.nextFile();
  }
}
