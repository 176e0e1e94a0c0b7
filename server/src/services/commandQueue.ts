/**
 * Commands to devices: sent at once on the live connection, or kept until the device next reports
 * (then sent in the background). Pending commands live in this node's memory.
 */
import type { CommandChannel } from './context';

export const ANSWER_WAIT_MS = 10_000;

export type CommandOutcome = { state: 'answered'; result: string } | { state: 'sent' } | { state: 'queued' };

export class CommandQueue {
  private pending = new Map<string, string[]>();

  constructor(
    private channel: () => CommandChannel | undefined,
    private log?: { warn(obj: object, msg?: string): void },
  ) {}

  async send(uniqueId: string, text: string): Promise<CommandOutcome> {
    const channel = this.channel();
    if (!channel) return this.enqueue(uniqueId, text);
    try {
      return { state: 'answered', result: await channel.send(uniqueId, text, ANSWER_WAIT_MS) };
    } catch (err) {
      const message = (err as Error).message;
      if (/not connected|disconnected/.test(message)) return this.enqueue(uniqueId, text);
      if (/no answer/.test(message)) return { state: 'sent' };
      throw err;
    }
  }

  private enqueue(uniqueId: string, text: string): CommandOutcome {
    const list = this.pending.get(uniqueId) ?? [];
    if (!list.includes(text)) list.push(text);
    this.pending.set(uniqueId, list);
    return { state: 'queued' };
  }

  pendingFor(uniqueId: string): string[] {
    return [...(this.pending.get(uniqueId) ?? [])];
  }

  /** The device reported: deliver what waits for it, in order, without blocking ingestion. */
  deviceSeen(uniqueId: string): void {
    const list = this.pending.get(uniqueId);
    const channel = this.channel();
    if (!list?.length || !channel) return;
    this.pending.delete(uniqueId);
    // After the current acknowledgement is written: a device reads its ack before any command.
    setImmediate(async () => {
      for (const text of list) {
        try {
          await channel.send(uniqueId, text, ANSWER_WAIT_MS);
        } catch (err) {
          this.log?.warn({ uniqueId, err: (err as Error).message }, 'queued command not delivered');
        }
      }
    });
  }
}
