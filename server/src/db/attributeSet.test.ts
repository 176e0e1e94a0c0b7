import { describe, expect, it } from 'vitest';
import { setAttribute } from './attributeSet';
import { hasFastProperties } from './testing/objectShape';

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
});
