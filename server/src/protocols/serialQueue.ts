/**
 * Runs async tasks one after another in submission order. A device's frames must be stored and
 * acknowledged in the order they arrived, even when a store takes longer than the next read.
 */
export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  /** Number of tasks submitted and not yet finished. */
  get size(): number {
    return this.pending;
  }

  /** Queues a task; the returned promise settles with the task. A failing task does not stop the queue. */
  run<T>(task: () => Promise<T>): Promise<T> {
    this.pending++;
    const result = this.tail.then(task);
    this.tail = result.then(
      () => {
        this.pending--;
      },
      () => {
        this.pending--;
      },
    );
    return result;
  }

  /** Resolves when every task queued so far has finished. */
  idle(): Promise<void> {
    return this.tail;
  }
}
