import { describe, expect, it } from 'vitest';
import { NOTIFICATION_SOUNDS, SOUND_TONES, soundName } from './sounds';

describe('notification sounds', () => {
  it('has the five sounds, horn by default', () => {
    expect([...NOTIFICATION_SOUNDS]).toEqual(['alarm', 'ding', 'ding2', 'ding3', 'horn']);
    for (const name of NOTIFICATION_SOUNDS) expect(SOUND_TONES[name].length).toBeGreaterThan(0);
    expect(soundName('ding2')).toBe('ding2');
    expect(soundName(undefined)).toBe('horn');
    expect(soundName('siren')).toBe('horn');
  });
});
