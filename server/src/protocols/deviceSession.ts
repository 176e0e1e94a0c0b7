import type { Socket } from 'node:net';
import type { CommandChannel } from './commandChannel';
import type { IngestSink, ProtocolLog } from './types';

/** Frames queued before the socket is paused; a device waits for each ack, so only floods reach it. */
const HIGH_WATER = 32;
/** How long a queued command waits for the device's answer before it counts as sent. */
const QUEUED_COMMAND_WAIT_MS = 30_000;

export interface DeviceSessionHooks<S> {
  sink: IngestSink;
  log: ProtocolLog;
  /** how often queued commands are looked up while the device reports */
  commandCheckMs: number;
  /** claims the device for this connection: false when another live connection holds it (refused) */
  identified(session: S): boolean;
  closed(session: S): void;
}

/**
 * One device connection of any TCP protocol: its work runs strictly in arrival order (the ack of a frame
 * is written after its records are committed; a failed commit closes the connection unacknowledged so the
 * device sends them again), a flood pauses the socket, and the commands queued for the device while it was
 * away go out after its first acknowledged report. Each protocol adds how it reads and answers frames.
 */
export abstract class DeviceSession<S extends DeviceSession<S> = DeviceSession<never>> {
  uniqueId?: string;
  /** set by the protocol when the device takes commands */
  protected commands?: CommandChannel;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  protected finished = false;
  private commandsCheckedAt = -Infinity;
  private deliveringCommands = false;

  constructor(
    protected readonly socket: Socket,
    protected readonly hooks: DeviceSessionHooks<S>,
    /** what the log lines name: the protocol */
    protected readonly protocol: string,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.received(chunk);
      if (this.queued > HIGH_WATER) this.socket.pause();
    });
    socket.on('end', () => this.enqueue(async () => this.finish()));
    socket.on('error', (error) =>
      hooks.log.debug({ err: error, protocol, uniqueId: this.uniqueId }, 'device socket error'),
    );
    socket.on('close', () => {
      this.finished = true;
      this.commands?.close(new Error('device disconnected'));
      hooks.closed(this as unknown as S);
    });
  }

  /** Bytes held for a frame not yet complete. */
  abstract get buffered(): number;

  /** Bytes from the device: the protocol cuts them into frames and enqueues their handling. */
  protected abstract received(chunk: Buffer): void;

  /** Still able to send and receive: not closed, ended by the device, or finished here. */
  get alive(): boolean {
    return !this.finished && !this.socket.destroyed && !this.socket.readableEnded;
  }

  get remoteAddress(): string | undefined {
    return this.socket.remoteAddress;
  }

  sendCommand(text: string, timeoutMs: number): Promise<string> {
    if (!this.commands) return Promise.reject(new Error(`${this.protocol} devices take no commands`));
    return this.commands.send(text, timeoutMs);
  }

  /** Closes the connection at once, dropping queued work. */
  destroy(): void {
    this.finished = true;
    this.socket.destroy();
  }

  /** Runs the task after every task enqueued before it; a failure closes the connection. */
  protected enqueue(task: () => Promise<void>): void {
    this.queued++;
    this.queue = this.queue
      .then(() => (this.finished ? undefined : task()))
      .catch((error: unknown) => {
        this.hooks.log.error(
          { err: error, protocol: this.protocol, uniqueId: this.uniqueId },
          'device connection failed',
        );
        this.destroy();
      })
      .finally(() => {
        this.queued--;
        if (this.queued === 0 && this.socket.isPaused()) this.socket.resume();
      });
  }

  protected write(bytes: Buffer): void {
    if (!this.socket.destroyed && this.socket.writable) this.socket.write(bytes);
  }

  /** Ends the connection after what was already written (acks included) is flushed. */
  protected finish(): void {
    this.finished = true;
    this.socket.end();
  }

  /** Sends, in the background, the commands queued for this device (on any node) while it was away. */
  protected deliverQueuedCommands(): void {
    const { sink, log, commandCheckMs } = this.hooks;
    const commands = this.commands;
    if (!commands || !sink.pendingCommands || this.deliveringCommands) return;
    if (Date.now() - this.commandsCheckedAt < commandCheckMs) return;
    this.commandsCheckedAt = Date.now();
    this.deliveringCommands = true;
    const uniqueId = this.uniqueId as string;
    void (async () => {
      for (const command of await sink.pendingCommands!(uniqueId)) {
        if (this.finished) return;
        try {
          await commands.send(command.text, QUEUED_COMMAND_WAIT_MS);
        } catch (error) {
          // gone before it was sent: it stays queued for the next connection; no answer: it was sent
          if (this.finished) return;
          log.info(
            { protocol: this.protocol, uniqueId, text: command.text, reason: (error as Error).message },
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
