import { describe, expect, it } from 'vitest';
import { CAMERA_TRIGGER_NAMES, cameraTriggerKey, cameraTriggerName, cameraTriggerNames } from './triggers';

describe('camera trigger bitmask', () => {
  it('names the vendor bits of the metadata', () => {
    expect(cameraTriggerName(2)).toBe('din1');
    expect(cameraTriggerName(4)).toBe('din2');
    expect(cameraTriggerName(8)).toBe('crash');
    expect(cameraTriggerName(16)).toBe('towing');
    expect(cameraTriggerName(32)).toBe('idling');
    expect(cameraTriggerName(64)).toBe('geofence');
    expect(cameraTriggerName(128)).toBe('unplug');
    expect(cameraTriggerName(0x2000)).toBe('drowsiness');
    expect(cameraTriggerName(0x40000)).toBe('seatbelt');
  });

  it('0 is a server request, unknown bits are none, several bits give every name in bit order', () => {
    expect(cameraTriggerNames(0)).toEqual(['server']);
    expect(cameraTriggerNames(null)).toEqual(['server']);
    expect(cameraTriggerNames(0x80000000)).toEqual(['none']);
    expect(cameraTriggerNames(8 | 2 | 0x10000)).toEqual(['din1', 'crash', 'phone']);
    expect(cameraTriggerName(8 | 2)).toBe('din1');
    expect(cameraTriggerKey(8)).toBe('camera_crash');
    expect(cameraTriggerKey(0)).toBe('camera_server');
  });

  it('lists every label of document 3 once', () => {
    const labels = [
      'crash',
      'din1',
      'din2',
      'din3',
      'din4',
      'event',
      'file',
      'geofence',
      'green',
      'idling',
      'none',
      'periodic',
      'server',
      'towing',
      'unplug',
      'drowsiness',
      'distraction',
      'yawning',
      'phone',
      'smoking',
      'seatbelt',
    ];
    expect([...CAMERA_TRIGGER_NAMES].sort()).toEqual([...labels].sort());
  });
});
