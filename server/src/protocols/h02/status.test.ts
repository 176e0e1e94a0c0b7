import { describe, expect, it } from 'vitest';
import { parseStatus, statusAttributes, statusWord } from './status';

describe('H02 status word', () => {
  it('reads ACC from bit 10 and raises no alarm when the alarm bits are set', () => {
    expect(statusAttributes(0xfffffbff)).toEqual({ status: 0xfffffbff, ignition: false });
    expect(statusAttributes(0xffffffff)).toEqual({ status: 0xffffffff, ignition: true });
  });

  it('raises the first cleared alarm: vibration, SOS (bit 1 or 18), overspeed, power cut', () => {
    expect(statusAttributes(0xfffffffe).alarm).toBe('vibration');
    expect(statusAttributes(0xfffffffc).alarm).toBe('vibration');
    expect(statusAttributes(0xfffffffd).alarm).toBe('sos');
    expect(statusAttributes(0xfffbffff).alarm).toBe('sos');
    expect(statusAttributes(0xfffffffb).alarm).toBe('overspeed');
    expect(statusAttributes(0xfff7ffff).alarm).toBe('powerCut');
  });

  it('parses 8 hex digits only', () => {
    expect(parseStatus('FFFFFBFF')).toBe(0xfffffbff);
    expect(parseStatus('effffbff')).toBe(0xeffffbff);
    expect(parseStatus('FFFFFBF')).toBeUndefined();
    expect(parseStatus('')).toBeUndefined();
  });

  it('builds the word a device sends', () => {
    expect(statusWord({ ignition: false })).toBe(0xfffffbff);
    expect(statusWord({ ignition: true })).toBe(0xffffffff);
    expect(statusWord({ ignition: true, sos: true })).toBe(0xfffffffd);
  });
});
