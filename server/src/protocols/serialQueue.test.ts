import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serialQueue';

describe('SerialQueue', () => {
  it('runs tasks one at a time in submission order', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    // each task ends when the test lets it go: let go in reverse order, tasks run side by side would end
    // c, b, a
    const released = new Set<string>();
    const gates = new Map<string, () => void>();
    const started = new Map<string, () => void>();
    const release = (name: string) => {
      released.add(name);
      gates.get(name)?.();
    };
    const task = (name: string) => async () => {
      log.push(`start ${name}`);
      started.get(name)?.();
      if (!released.has(name)) await new Promise<void>((resolve) => gates.set(name, resolve));
      log.push(`end ${name}`);
      return name;
    };
    const aStarted = new Promise<void>((resolve) => started.set('a', resolve));
    const all = Promise.all([queue.run(task('a')), queue.run(task('b')), queue.run(task('c'))]);
    await aStarted;
    // one turn of the event loop: what would start beside a has started
    await new Promise((resolve) => setImmediate(resolve));
    release('c');
    release('b');
    release('a');
    const results = await all;
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('keeps going after a failing task and counts pending tasks', async () => {
    const queue = new SerialQueue();
    const failed = queue.run(async () => {
      throw new Error('boom');
    });
    const next = queue.run(async () => 'next');
    expect(queue.size).toBe(2);
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('next');
    await queue.idle();
    expect(queue.size).toBe(0);
  });
});
