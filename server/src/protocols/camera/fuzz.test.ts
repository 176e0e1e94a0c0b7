/** Random and mutated camera streams never crash a session and never store a file other than the one sent. */
import { describe, expect, it } from 'vitest';
import { prng } from '../testing/prng';
import { encodeInit } from './messages';
import { PartialFiles } from './partials';
import { CameraSession, type CameraUpload } from './session';
import { TestCamera } from './testCamera';

const silent = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

function session(stored: CameraUpload[], write: (b: Buffer) => void = () => undefined) {
  return new CameraSession(
    { write, end: () => undefined },
    {
      sink: { isKnownCamera: async () => true, store: async (u) => void stored.push(u) },
      partials: new PartialFiles(),
      log: silent,
      repeatWaitMs: 1,
    },
  );
}

describe('camera session fuzz', () => {
  it('survives random bytes after a valid init and stores nothing', async () => {
    const r = prng(21);
    for (let round = 0; round < 200; round++) {
      const stored: CameraUpload[] = [];
      const s = session(stored);
      await s.receive(encodeInit({ protocolId: 5, imei: '356307042441013', settings: r.int(64) }));
      for (let i = 0; i < 5; i++) await s.receive(r.bytes(1 + r.int(300)));
      s.destroy();
      expect(stored).toEqual([]);
    }
  });

  it('stores only the very file sent when packets are mutated on the way', async () => {
    const r = prng(2021);
    const file = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), r.bytes(5000)]);
    let whole = 0;
    for (let round = 0; round < 60; round++) {
      const stored: CameraUpload[] = [];
      const pending: Array<Promise<void>> = [];
      const link: { s?: CameraSession } = {};
      const cam = new TestCamera({ imei: '356307042441013', files: { '%photof': { bytes: file } } }, (b) => {
        const out = Buffer.from(b);
        if (out.length > 8 && r.next() < 0.2) out[4 + r.int(out.length - 4)] ^= 1 << r.int(8);
        pending.push(link.s!.receive(out));
      });
      link.s = session(stored, (b) => cam.receive(b));
      cam.start();
      // the camera answers in memory: once every byte it sent is handled, the exchange is as far as it
      // goes (the session's only timer, its wait for a repeated init, would just close it)
      while (pending.length) await pending.shift();
      link.s.destroy();
      for (const u of stored) expect(u.bytes.equals(file)).toBe(true);
      whole += stored.length;
    }
    expect(whole).toBeGreaterThan(0);
  });
});
