import type { Socket } from 'node:net';
import { CommandChannel } from '../commandChannel';
import { DeviceSession, type DeviceSessionHooks } from '../deviceSession';
import type { DecodedPosition } from '../types';
import { ProtocolDecodeError, type DecodedMessage, type Framer, type ProtocolCodec } from './codec';

export type FramedSessionHooks = DeviceSessionHooks<FramedSession>;

/**
 * One device connection of a framed protocol (deviceSession.ts: arrival order, acks after the commit,
 * queued commands). Nothing is stored before the device has identified itself with an id known here.
 */
export class FramedSession<State = unknown> extends DeviceSession<FramedSession> {
  private readonly framer: Framer;
  private readonly state: State;

  constructor(
    socket: Socket,
    private readonly codec: ProtocolCodec<State>,
    hooks: FramedSessionHooks,
  ) {
    super(socket, hooks, codec.name);
    this.framer = codec.newFramer();
    this.state = codec.newState();
    const encode = codec.encodeCommand?.bind(codec);
    if (encode) this.commands = new CommandChannel((text) => this.write(encode(text, this.state)));
  }

  /** Bytes held for a frame not yet complete. */
  get buffered(): number {
    return this.framer.buffered;
  }

  protected received(chunk: Buffer): void {
    const frames: Buffer[] = [];
    let fatal: string | undefined;
    for (const event of this.framer.push(chunk)) {
      if (event.type === 'fatal') {
        fatal = event.reason;
        break;
      }
      frames.push(event.data);
    }
    // the frames that arrived together are handled together: their positions in one commit
    if (frames.length) this.enqueue(() => this.handle(frames));
    if (fatal !== undefined) {
      const reason = fatal;
      this.enqueue(async () => {
        this.hooks.log.warn(
          { protocol: this.codec.name, uniqueId: this.uniqueId, reason },
          'device stream out of sync',
        );
        this.finish();
      });
    }
  }

  /**
   * Frames in arrival order. The positions of consecutive frames are committed in one store, then each
   * frame's ack is written, in order; a frame that names a device, or that cannot be decoded, first settles
   * the frames before it.
   */
  private async handle(frames: Buffer[]): Promise<void> {
    let positions: DecodedPosition[] = [];
    let settled: DecodedMessage[] = [];
    const flush = async (): Promise<boolean> => {
      const stored = positions.length > 0;
      if (stored) await this.hooks.sink.store(positions);
      if (this.finished) return false;
      for (const message of settled) this.answer(message);
      positions = [];
      settled = [];
      // after the acks are written: a device reads its ack before any command
      if (stored) this.deliverQueuedCommands();
      return true;
    };
    for (const frame of frames) {
      let message: DecodedMessage;
      try {
        message = this.codec.decode(frame, this.state, this.uniqueId);
      } catch (error) {
        if (!(error instanceof ProtocolDecodeError)) throw error;
        if (!(await flush())) return;
        this.hooks.log.warn(
          { protocol: this.codec.name, uniqueId: this.uniqueId, reason: error.message },
          'device frame rejected',
        );
        return this.finish();
      }
      const naming = message.uniqueId !== undefined && message.uniqueId !== this.uniqueId;
      if (naming) {
        if (!(await flush())) return;
        if (!(await this.identify(message.uniqueId!, message.refuse))) return;
      }
      const uniqueId = this.uniqueId;
      if (uniqueId === undefined) {
        // data before any login: nothing is stored
        this.hooks.log.info({ protocol: this.codec.name }, 'device sent data before identifying');
        if (message.refuse) this.write(message.refuse);
        return this.finish();
      }
      for (const fix of message.positions) positions.push({ ...fix, protocol: this.codec.name, uniqueId });
      settled.push(message);
      // a login is answered at once: the device waits for it before it sends anything else
      if (naming && !(await flush())) return;
    }
    await flush();
  }

  /** What a frame gets once its positions are committed: its ack, and its command answer delivered. */
  private answer(message: DecodedMessage): void {
    if (message.ack) this.write(message.ack);
    if (message.commandAnswer !== undefined && !this.commands?.answer(message.commandAnswer)) {
      this.hooks.log.info(
        { protocol: this.codec.name, uniqueId: this.uniqueId, text: message.commandAnswer },
        'unrequested command answer',
      );
    }
  }

  /** A frame named a device: it must be known here, and this connection's alone. */
  private async identify(uniqueId: string, refuse: Buffer | undefined): Promise<boolean> {
    const { sink, log } = this.hooks;
    const refused = (reason: string) => {
      log.info({ protocol: this.codec.name, uniqueId, remote: this.remoteAddress }, reason);
      if (refuse) this.write(refuse);
      this.finish();
      return false;
    };
    // one connection speaks for one device
    if (this.uniqueId !== undefined) return refused('device id changed on a connection');
    if (!(await sink.isKnownDevice(uniqueId))) return refused('unknown device');
    this.uniqueId = uniqueId;
    if (!this.hooks.identified(this)) {
      this.uniqueId = undefined;
      return refused('second connection for a connected device refused');
    }
    return true;
  }
}
