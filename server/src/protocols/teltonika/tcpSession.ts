import type { Socket } from 'node:net';
import type { DecodedPosition } from '../types';
import { CODEC_12, TeltonikaDecodeError } from './avlRecord';
import { CODEC12_RESPONSE, decodeCodec12, encodeCodec12Command } from './codec12';
import { CommandChannel } from '../commandChannel';
import { DeviceSession, type DeviceSessionHooks } from '../deviceSession';
import { TeltonikaFrameReader, type FrameEvent } from './frameReader';
import { decodeAvlPositions } from './recordToPosition';
import { encodeTcpAck } from './tcpFrame';

const ACCEPT = Buffer.from([0x01]);
const REJECT = Buffer.from([0x00]);

export type SessionHooks = DeviceSessionHooks<TeltonikaSession>;

/**
 * One Teltonika connection: IMEI handshake, then AVL and Codec 12 frames handled strictly in arrival order
 * (deviceSession.ts: acks after the commit, queued commands after the first ack).
 */
export class TeltonikaSession extends DeviceSession<TeltonikaSession> {
  private readonly reader = new TeltonikaFrameReader();
  private lastPosition?: DecodedPosition;

  constructor(socket: Socket, hooks: SessionHooks) {
    super(socket, hooks, 'teltonika');
    this.commands = new CommandChannel((text) => this.write(encodeCodec12Command(text)));
  }

  /** Bytes held for a frame not yet complete. */
  get buffered(): number {
    return this.reader.buffered;
  }

  protected received(chunk: Buffer): void {
    for (const event of this.reader.push(chunk)) this.enqueue(() => this.handle(event));
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
    if (!this.commands!.answer(text)) {
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
