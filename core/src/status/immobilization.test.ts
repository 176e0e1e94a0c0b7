import { describe, expect, it } from 'vitest';
import { immobilizationState } from './immobilization';

describe('immobilizationState', () => {
  it('is on when the answer contains DOUT1:1', () => {
    expect(immobilizationState({ result: 'DOUT1:1 DOUT2:0 Timeout:INFINITY' })).toBe('on');
  });
  it('is on when out1 is set, even if an older answer said DOUT1:0', () => {
    expect(immobilizationState({ out1: true })).toBe('on');
    expect(immobilizationState({ out1: 1, result: 'DOUT1:0 DOUT2:0' })).toBe('on');
  });
  it('is off when the answer contains DOUT1:0 and out1 is not set', () => {
    expect(immobilizationState({ result: 'DOUT1:0 DOUT2:1' })).toBe('off');
    expect(immobilizationState({ result: 'dout1:0', out1: false })).toBe('off');
  });
  it('is unknown otherwise', () => {
    expect(immobilizationState({})).toBe('unknown');
    expect(immobilizationState({ out1: 0 })).toBe('unknown');
    expect(immobilizationState({ result: 'DOUT2:1' })).toBe('unknown');
    expect(immobilizationState(null)).toBe('unknown');
  });
});
