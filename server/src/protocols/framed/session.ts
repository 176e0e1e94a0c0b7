import type { Socket } from 'node:net';
import { CommandChannel } from '../commandChannel';
import type { DecodedPosition, IngestSink, ProtocolLog } from '../types';
import { ProtocolDecodeError, type DecodedMessage, type Framer, type ProtocolCodec } from './codec';

/** Frames queued before the socket is paused; a device waits for each ack, so only floods reach it. */
const HIGH_WATER = 32;
/** How long a queued command waits for the device's answer before it counts as sent. */
const QUEUED_COMMAND_WAIT_MS = 30_000;

export interface FramedSessionHooks {
  sink: IngestSink;
  log: ProtocolLog;
  /** how often queued commands are looked up while the device reports */
  commandCheckMs: number;
  /** claims the device for this connection: false when another live connection holds it (refused) */
  identified(session: FramedSession): boolean;
  closed(session: FramedSession): void;
}

/**
 * One device connection of a framed protocol. Frames are handled strictly in arrival order; a frame's
 * positions are committed before its ack is written, and a failed commit closes the connection
 * unacknowledged so the device sends the same records again. Nothing is stored before the device has
 * identified itself with an id known here.
 */
export class FramedSession<State = unknown> {
  uniqueId?: string;
  private readonly framer: Framer;
  private readonly state: State;
  private readonly commands?: CommandChannel;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private finished = false;
  private commandsCheckedAt = -Infinity;
  private deliveringCommands = false;

  constructor(
    private readonly socket: Socket,
    private readonly codec: ProtocolCodec<State>,
    private readonly hooks: FramedSessionHooks,
  ) {
    this.framer = codec.newFramer();
    this.state = codec.newState();
    const encode = codec.encodeCommand?.bind(codec);
    if (encode) this.commands = new CommandChannel((text) => this.write(encode(text, this.state)));
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('end', () => this.enqueue(async () => this.finish()));
    socket.on('error', (error) =>
      hooks.log.debug({ err: error, protocol: codec.name, uniqueId: this.uniqueId }, 'device socket error'),
    );
    socket.on('close', () => {
      this.finished = true;
      this.commands?.close(new Error('device disconnected'));
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
    return this.framer.buffered;
  }

  sendCommand(text: string, timeoutMs: number): Promise<string> {
    if (!this.commands) return Promise.reject(new Error(`${this.codec.name} devices take no commands`));
    return this.commands.send(text, timeoutMs);
  }

  /** Closes the connection at once, dropping queued work. */
  destroy(): void {
    this.finished = true;
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
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
    if (this.queued > HIGH_WATER) this.socket.pause();
  }

  private enqueue(task: () => Promise<void>): void {
    this.queued++;
    this.queue = this.queue
      .then(() => (this.finished ? undefined : task()))
      .catch((error: unknown) => {
        this.hooks.log.error(
          { err: error, protocol: this.codec.name, uniqueId: this.uniqueId },
          'device connection failed',
        );
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

  /** Sends, in the background, the commands queued for this device (on any node) while it was away. */
  private deliverQueuedCommands(): void {
    const { sink, log, commandCheckMs } = this.hooks;
    if (!this.commands || !sink.pendingCommands || this.deliveringCommands) return;
    if (Date.now() - this.commandsCheckedAt < commandCheckMs) return;
    this.commandsCheckedAt = Date.now();
    this.deliveringCommands = true;
    const uniqueId = this.uniqueId as string;
    const commands = this.commands;
    void (async () => {
      for (const command of await sink.pendingCommands!(uniqueId)) {
        if (this.finished) return;
        try {
          await commands.send(command.text, QUEUED_COMMAND_WAIT_MS);
        } catch (error) {
          // gone before it was sent: it stays queued for the next connection; no answer: it was sent
          if (this.finished) return;
          log.info(
            { protocol: this.codec.name, uniqueId, text: command.text, reason: (error as Error).message },
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
}
