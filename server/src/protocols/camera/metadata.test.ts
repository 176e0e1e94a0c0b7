import { describe, expect, it } from 'vitest';
import { encodeMetadata, parseMetadata } from './metadata';

const base = { fileType: 'video' as const, time: 1767268800123, trigger: 8, duration: 10 };

describe('camera file metadata (0x000B)', () => {
  it('version 1: type, timestamp in ms, trigger bitmask, duration', () => {
    const bytes = Buffer.from('01' + '01' + '0000019b796dd67b' + '00000008' + '000a', 'hex');
    expect(bytes.length).toBe(16);
    expect(parseMetadata(bytes)).toEqual({ version: 1, ...base });
    expect(encodeMetadata({ ...base, version: 1 })).toEqual(bytes);
  });

  it('version 2 adds frame rate and timezone', () => {
    const bytes = encodeMetadata({ ...base, version: 2, frameRate: 25, timezone: 60 });
    expect(bytes.length).toBe(19);
    expect(parseMetadata(bytes)).toEqual({ version: 2, ...base, frameRate: 25, timezone: 60 });
  });

  it('version 3 adds coordinates; all bits set means unknown', () => {
    const known = encodeMetadata({
      ...base,
      version: 3,
      frameRate: 30,
      timezone: -120,
      latitude: -8.8383,
      longitude: 13.2344,
    });
    expect(known.length).toBe(35);
    expect(parseMetadata(known)).toMatchObject({
      version: 3,
      latitude: -8.8383,
      longitude: 13.2344,
      timezone: -120,
    });
    const unknown = parseMetadata(encodeMetadata({ ...base, version: 3 }));
    expect(unknown.latitude).toBeUndefined();
    expect(unknown.longitude).toBeUndefined();
    expect(unknown.frameRate).toBeUndefined();
  });

  it('version 4 adds the trigger time; a later version is read as 4 with its extra bytes skipped', () => {
    const v4 = encodeMetadata({ ...base, triggerTime: 1767268795000, latitude: 1, longitude: 2 });
    expect(v4.length).toBe(43);
    expect(parseMetadata(v4)).toMatchObject({
      version: 4,
      triggerTime: 1767268795000,
      latitude: 1,
      longitude: 2,
    });
    const v5 = Buffer.concat([v4, Buffer.from('cafe', 'hex')]);
    v5[0] = 5;
    expect(parseMetadata(v5)).toMatchObject({ version: 5, ...base, triggerTime: 1767268795000 });
    // a version 4 header with only version 1 fields: what is there is read
    const short = encodeMetadata({ ...base, version: 1 });
    short[0] = 4;
    expect(parseMetadata(short)).toEqual({ version: 4, ...base });
  });

  it('photo with an unknown timestamp; too short is refused', () => {
    const photo = parseMetadata(
      encodeMetadata({ fileType: 'photo', time: undefined, trigger: 0, duration: 0, version: 1 }),
    );
    expect(photo).toEqual({ version: 1, fileType: 'photo', time: undefined, trigger: 0, duration: 0 });
    expect(() => parseMetadata(Buffer.alloc(15))).toThrow(/too short/);
  });
});
