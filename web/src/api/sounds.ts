/** Notification sounds synthesised with WebAudio, so no audio files are shipped. */

export const NOTIFICATION_SOUNDS = ['alarm', 'ding', 'ding2', 'ding3', 'horn'] as const;
export type NotificationSound = (typeof NOTIFICATION_SOUNDS)[number];
export const DEFAULT_SOUND: NotificationSound = 'horn';

/** One tone: start offset and length in seconds, frequency in Hz. */
export interface Tone {
  at: number;
  length: number;
  frequency: number;
  wave: OscillatorType;
  volume: number;
}

const tone = (at: number, length: number, frequency: number, wave: OscillatorType, volume = 0.25): Tone => ({
  at,
  length,
  frequency,
  wave,
  volume,
});

export const SOUND_TONES: Record<NotificationSound, Tone[]> = {
  alarm: [0, 0.25, 0.5, 0.75].map((at, i) => tone(at, 0.2, i % 2 ? 660 : 880, 'square', 0.12)),
  ding: [tone(0, 0.6, 1320, 'sine')],
  ding2: [tone(0, 0.35, 988, 'sine'), tone(0.18, 0.6, 1319, 'sine')],
  ding3: [
    tone(0, 0.25, 784, 'triangle'),
    tone(0.15, 0.25, 988, 'triangle'),
    tone(0.3, 0.6, 1175, 'triangle'),
  ],
  horn: [
    tone(0, 0.45, 233, 'sawtooth', 0.15),
    tone(0, 0.45, 294, 'sawtooth', 0.12),
    tone(0.55, 0.6, 233, 'sawtooth', 0.15),
  ],
};

export const soundName = (value: unknown): NotificationSound =>
  NOTIFICATION_SOUNDS.includes(value as NotificationSound) ? (value as NotificationSound) : DEFAULT_SOUND;

let context: AudioContext | null = null;

/** Plays a sound; browsers that block audio before a user gesture just stay silent. */
export function playSound(name: unknown): void {
  try {
    context ??= new AudioContext();
    const ctx = context;
    void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime + 0.02;
    for (const t of SOUND_TONES[soundName(name)]) {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = t.wave;
      oscillator.frequency.value = t.frequency;
      gain.gain.setValueAtTime(t.volume, start + t.at);
      gain.gain.exponentialRampToValueAtTime(0.001, start + t.at + t.length);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(start + t.at);
      oscillator.stop(start + t.at + t.length);
    }
  } catch {
    // No audio device or no WebAudio: notifications still show.
  }
}
