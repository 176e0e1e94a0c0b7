import type { Socket } from 'node:net';
import type { DecodedPosition, IngestSink, ProtocolLog } from '../types';
import { CODEC_12, TeltonikaDecodeError } from './avlRecord';
import { CODEC12_RESPONSE, decodeCodec12, encodeCodec12Command } from './codec12';
import { CommandChannel } from '../commandChannel';
import { TeltonikaFrameReader, type FrameEvent } from './frameReader';
import { decodeAvlPositions } from './recordToPosition';
import { encodeTcpAck } from './tcpFrame';

const ACCEPT = Buffer.from([0x01]);
const REJECT = Buffer.from([0x00]);
/** Events queued before the socket is paused; a device waits for each ack, so this is only hit by floods. */
const HIGH_WATER = 32;

/** How long a queued command waits for the device's answer before it counts as sent. */
const QUEUED_COMMAND_WAIT_MS = 30_000;

export interface SessionHooks {
  sink: IngestSink;
  log: ProtocolLog;
  /** how often queued commands are looked up while the device reports */
  commandCheckMs: number;
  /** claims the device for this connection: false when another live connection holds it (refused) */
  identified(session: TeltonikaSession): boolean;
  closed(session: TeltonikaSession): void;
}

/**
 * One device connection: IMEI handshake, then frames handled strictly in arrival order. A frame is
 * acknowledged only after the sink has committed its records; when the sink fails the connection is
 * closed unacknowledged so the device sends the same records again.
 */
export class TeltonikaSession {
  uniqueId?: string;
  private readonly reader = new TeltonikaFrameReader();
  private readonly commands: CommandChannel;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private finished = false;
  private lastPosition?: DecodedPosition;
  private commandsCheckedAt = -Infinity;
  private deliveringCommands = false;

  constructor(
    private readonly socket: Socket,
    private readonly hooks: SessionHooks,
  ) {
    this.commands = new CommandChannel((text) => this.write(encodeCodec12Command(text)));
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('end', () => this.enqueue(async () => this.finish()));
    socket.on('error', (error) =>
      hooks.log.debug({ err: error, uniqueId: this.uniqueId }, 'teltonika socket error'),
    );
    socket.on('close', () => {
      this.finished = true;
      this.commands.close(new Error('device disconnected'));
      hooks.closed(this);
    });
  }

  /** Still able to send and receive: not closed, ended by the device, or finished here. */
  get alive(): boolean {
    return !this.finished && !this.socket.destroyed && !this.socket.readableEnded;
  }

  get remoteAddress(): string | undefined {
    return this.socket.remoteAddress;
  }

  /** Bytes held for a frame not yet complete. */
  get buffered(): number {
    return this.reader.buffered;
  }

  sendCommand(text: string, timeoutMs: number): Promise<string> {
    return this.commands.send(text, timeoutMs);
  }

  /** Closes the connection at once, dropping queued work. */
  destroy(): void {
    this.finished = true;
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    for (const event of this.reader.push(chunk)) this.enqueue(() => this.handle(event));
    if (this.queued > HIGH_WATER) this.socket.pause();
  }

  private enqueue(task: () => Promise<void>): void {
    this.queued++;
    this.queue = this.queue
      .then(() => (this.finished ? undefined : task()))
      .catch((error: unknown) => {
        this.hooks.log.error({ err: error, uniqueId: this.uniqueId }, 'teltonika connection failed');
        this.destroy();
      })
      .finally(() => {
        this.queued--;
        if (this.queued === 0 && this.socket.isPaused()) this.socket.resume();
      });
  }

  private write(bytes: Buffer): void {
    if (!this.socket.destroyed && this.socket.writable) this.socket.write(bytes);
  }

  /** Ends the connection after what was already written (acks included) is flushed. */
  private finish(): void {
    this.finished = true;
    this.socket.end();
  }

  private async handle(event: FrameEvent): Promise<void> {
    switch (event.type) {
      case 'imei':
        return this.identify(event.imei);
      case 'ping':
        return;
      case 'rejected':
        this.hooks.log.warn({ uniqueId: this.uniqueId, reason: event.reason }, 'teltonika frame rejected');
        return;
      case 'fatal':
        this.hooks.log.warn(
          { uniqueId: this.uniqueId, reason: event.reason },
          'teltonika stream out of sync',
        );
        return this.finish();
      case 'frame':
        if (event.data[0] === CODEC_12) return this.handleCodec12(event.data);
        return this.handleAvl(event.data);
    }
  }

  private async identify(imei: string): Promise<void> {
    if (!(await this.hooks.sink.isKnownDevice(imei))) {
      this.hooks.log.info({ uniqueId: imei }, 'teltonika unknown device');
      this.write(REJECT);
      return this.finish();
    }
    this.uniqueId = imei;
    if (!this.hooks.identified(this)) {
      // another live connection holds this IMEI: it keeps the device (tcpServer.ts says why)
      this.uniqueId = undefined;
      this.write(REJECT);
      return this.finish();
    }
    this.write(ACCEPT);
  }

  private async handleAvl(data: Buffer): Promise<void> {
    const uniqueId = this.uniqueId as string;
    let positions: DecodedPosition[];
    try {
      positions = decodeAvlPositions(data, uniqueId);
    } catch (error) {
      if (!(error instanceof TeltonikaDecodeError)) throw error;
      this.hooks.log.warn({ uniqueId, reason: error.message }, 'teltonika frame rejected');
      return;
    }
    if (positions.length > 0) await this.hooks.sink.store(positions);
    if (this.finished) return;
    this.lastPosition = positions.at(-1) ?? this.lastPosition;
    this.write(encodeTcpAck(positions.length));
    // after the ack is written: a device reads its ack before any command
    this.deliverQueuedCommands();
  }

  /** Sends, in the background, the commands queued for this device (on any node) while it was away. */
  private deliverQueuedCommands(): void {
    const { sink, log, commandCheckMs } = this.hooks;
    if (!sink.pendingCommands || this.deliveringCommands) return;
    if (Date.now() - this.commandsCheckedAt < commandCheckMs) return;
    this.commandsCheckedAt = Date.now();
    this.deliveringCommands = true;
    const uniqueId = this.uniqueId as string;
    void (async () => {
      for (const command of await sink.pendingCommands!(uniqueId)) {
        if (this.finished) return;
        try {
          await this.commands.send(command.text, QUEUED_COMMAND_WAIT_MS);
        } catch (error) {
          // gone before it was sent: it stays queued for the next connection; no answer: it was sent
          if (this.finished) return;
          log.info(
            { uniqueId, text: command.text, reason: (error as Error).message },
            'queued command sent, no answer',
          );
        }
        await sink.commandDelivered?.(command.id);
      }
    })()
      .catch((error: unknown) => log.warn({ err: error, uniqueId }, 'queued commands not delivered'))
      .finally(() => {
        this.deliveringCommands = false;
      });
  }

  private async handleCodec12(data: Buffer): Promise<void> {
    let text: string;
    try {
      const message = decodeCodec12(data);
      if (message.type !== CODEC12_RESPONSE) throw new TeltonikaDecodeError(`codec 12 type ${message.type}`);
      text = message.text;
    } catch (error) {
      if (!(error instanceof TeltonikaDecodeError)) throw error;
      this.hooks.log.warn({ uniqueId: this.uniqueId, reason: error.message }, 'teltonika codec 12 rejected');
      return;
    }
    if (this.lastPosition) {
      await this.hooks.sink
        .store([resultPosition(this.lastPosition, text)])
        .catch((error: unknown) =>
          this.hooks.log.warn({ err: error, uniqueId: this.uniqueId }, 'command result not stored'),
        );
    }
    if (!this.commands.answer(text)) {
      this.hooks.log.info({ uniqueId: this.uniqueId, text }, 'unrequested command answer');
    }
  }
}

/**
 * A command answer is stored as a position at the last known fix (as Traccar does), keeping that fix's
 * state (ignition, power...) so the vehicle's status does not change, but not its alarm or event,
 * which were already raised.
 */
export function resultPosition(last: DecodedPosition, result: string): DecodedPosition {
  const attributes: Record<string, unknown> = { ...last.attributes, result };
  delete attributes.alarm;
  delete attributes.event;
  const position: DecodedPosition = { ...last, deviceTime: new Date(), attributes };
  delete position.event;
  return position;
}
