import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serialQueue';

describe('SerialQueue', () => {
  it('runs tasks one at a time in submission order', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      queue.run(task('a', 30)),
      queue.run(task('b', 1)),
      queue.run(task('c', 10)),
    ]);
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
