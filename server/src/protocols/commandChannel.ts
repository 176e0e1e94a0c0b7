import { SerialQueue } from './serialQueue';

/**
 * Codec 12 commands on one connection: the device answers in order and the answer carries no id,
 * so only one command is in flight at a time and each answer settles the command that is waiting.
 */
export class CommandChannel {
  private readonly queue = new SerialQueue();
  private waiting?: { resolve(text: string): void; reject(error: Error): void };
  private closedWith?: Error;

  constructor(private readonly write: (text: string) => void) {}

  send(text: string, timeoutMs: number): Promise<string> {
    return this.queue.run(
      () =>
        new Promise<string>((resolve, reject) => {
          if (this.closedWith) {
            reject(this.closedWith);
            return;
          }
          const timer = setTimeout(() => {
            this.waiting = undefined;
            reject(new Error(`no answer to "${text}" within ${timeoutMs} ms`));
          }, timeoutMs);
          this.waiting = {
            resolve: (answer) => {
              clearTimeout(timer);
              resolve(answer);
            },
            reject: (error) => {
              clearTimeout(timer);
              reject(error);
            },
          };
          this.write(text);
        }),
    );
  }

  /** An answer arrived from the device; returns false when no command was waiting for one. */
  answer(text: string): boolean {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(text);
    return waiting !== undefined;
  }

  close(error: Error): void {
    this.closedWith = error;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}
