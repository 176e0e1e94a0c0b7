import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hasFastProperties } from './testing/objectShape';

/**
 * The module afresh for each test: its setters are cached per process, and other test files in this
 * worker (the protocols' fuzz tests) may have filled the cache, after which new keys take computed stores.
 */
let setAttribute: typeof import('./attributeSet').setAttribute;
beforeEach(async () => {
  vi.resetModules();
  ({ setAttribute } = await import('./attributeSet'));
});

/** Thirty keys in a fresh order each run, so no earlier object's shapes are reused. */
const freshKeys = (tag: string) => Array.from({ length: 30 }, (_, i) => `k${tag}${i}`);

describe('setAttribute', () => {
  it('keeps an object of thirty keys set one by one a fast object, where computed stores do not', () => {
    const computed: Record<string, unknown> = { priority: 0, sat: 11, event: 0 };
    for (const [i, key] of freshKeys('c').entries()) computed[key] = i;
    // the control: the line this file exists for is real on this V8
    expect(hasFastProperties(computed)).toBe(false);

    const named: Record<string, unknown> = { priority: 0, sat: 11, event: 0 };
    for (const [i, key] of freshKeys('n').entries()) setAttribute(named, key, i);
    expect(hasFastProperties(named)).toBe(true);
    expect(JSON.stringify(named)).toBe(
      JSON.stringify({
        priority: 0,
        sat: 11,
        event: 0,
        ...Object.fromEntries(freshKeys('n').map((k, i) => [k, i])),
      }),
    );
  });

  it('sets keys that are not identifiers, and never a prototype', () => {
    const target: Record<string, unknown> = {};
    setAttribute(target, 'fuel level', 40);
    setAttribute(target, '1st', true);
    setAttribute(target, 'ignition', false);
    setAttribute(target, 'ignition', true);
    expect(target).toEqual({ 'fuel level': 40, '1st': true, ignition: true });
    const guarded: Record<string, unknown> = {};
    setAttribute(guarded, 'constructor', 1);
    expect(Object.keys(guarded)).toEqual(['constructor']);
  });

  it('sets keys past the cache with computed stores, the same values', async () => {
    const { MAX_NAMED_KEYS } = await import('./attributeSet');
    const target: Record<string, unknown> = {};
    for (let i = 0; i <= MAX_NAMED_KEYS; i++) setAttribute(target, `many${i}`, i);
    expect(Object.keys(target)).toHaveLength(MAX_NAMED_KEYS + 1);
    expect(target[`many${MAX_NAMED_KEYS}`]).toBe(MAX_NAMED_KEYS);
  });
});
