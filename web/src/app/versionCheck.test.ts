import { describe, expect, it } from 'vitest';
import { versionState } from './versionCheck';

describe('versionState', () => {
  it('is ok while the version is the loaded one', () => {
    expect(versionState('1.0', '1.0', false)).toBe('ok');
    expect(versionState(undefined, undefined, false)).toBe('ok');
  });
  it('offers an update when the server answers another version', () => {
    expect(versionState('1.0', '1.1', false)).toBe('update');
  });
  it('is offline when the check fails', () => {
    expect(versionState('1.0', '1.0', true)).toBe('offline');
  });
});
