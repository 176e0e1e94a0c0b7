import { describe, expect, it } from 'vitest';
import { applyResult, typedResult } from './attributeResult';

const target = () => ({
  valid: true,
  latitude: 1,
  longitude: 2,
  altitude: 3,
  speed: 4,
  course: 5,
  accuracy: 6,
  address: null as string | null,
  attributes: { old: 1 } as Record<string, unknown>,
});

describe('computed attribute results', () => {
  it('sets the special fields and typed attributes, and removes an attribute on null', () => {
    const p = target();
    applyResult(p, 'speed', 'number', 10.5);
    applyResult(p, 'valid', 'boolean', false);
    applyResult(p, 'address', 'string', 'Rua 1');
    applyResult(p, 'fuel', 'number', 42);
    applyResult(p, 'moving', 'boolean', true);
    applyResult(p, 'label', 'string', 12);
    applyResult(p, 'old', 'number', null);
    expect(p).toEqual({
      ...target(),
      speed: 10.5,
      valid: false,
      address: 'Rua 1',
      attributes: { fuel: 42, moving: true, label: '12' },
    });
  });

  it('refuses a result of the wrong type', () => {
    expect(() => applyResult(target(), 'fuel', 'number', 'x')).toThrow();
    expect(() => applyResult(target(), 'valid', 'boolean', 1)).toThrow();
    expect(() => applyResult(target(), 'speed', 'string', 'fast')).toThrow();
    expect(typedResult('number', 2)).toBe(2);
    expect(() => typedResult('number', Number.POSITIVE_INFINITY)).toThrow();
  });
});
