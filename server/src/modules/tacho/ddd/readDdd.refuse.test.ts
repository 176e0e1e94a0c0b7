import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readDdd } from './readDdd';
import { buildDdd, dayEpoch } from './testing/buildDdd';

const NOT_DDD = {
  ok: false,
  reason: 'notTachograph',
  message: 'O ficheiro não é um ficheiro de tacógrafo válido',
};
const TRUNCATED = {
  ok: false,
  reason: 'truncated',
  message: 'O ficheiro de tacógrafo está incompleto ou danificado',
};

const days = Array.from({ length: 5 }, (_, i) => ({
  day: dayEpoch('2026-02-01') + i * 86400,
  changes: [
    { minute: 0, activity: 'rest' as const },
    { minute: 400, activity: 'driving' as const },
  ],
}));

const samples = {
  card1: buildDdd({ kind: 'D', generation: 1, cardNumber: 'P1', surname: 'Sá', firstNames: 'Rui', days }),
  card2: buildDdd({ kind: 'D', generation: 2, cardNumber: 'P2', surname: 'Sá', firstNames: 'Rui', days }),
  vu1: buildDdd({
    kind: 'V',
    generation: 1,
    vin: 'VIN1',
    vrn: 'AA-11-BB',
    downloadTime: dayEpoch('2026-02-06'),
    downloadableFrom: dayEpoch('2026-02-01'),
    downloadableTo: dayEpoch('2026-02-06'),
    days,
    otherBlocks: true,
  }),
  vu2: buildDdd({
    kind: 'V',
    generation: 2,
    version: 2,
    vin: 'VIN2',
    vrn: 'AA-22-BB',
    downloadTime: dayEpoch('2026-02-06'),
    downloadableFrom: dayEpoch('2026-02-01'),
    downloadableTo: dayEpoch('2026-02-06'),
    days,
    otherBlocks: true,
  }),
};

/** A tiny deterministic generator so a failing case can be replayed. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('readDdd: refusing what is not a tachograph file', () => {
  it('refuses an empty file', () => {
    expect(readDdd(Buffer.alloc(0), 'vazio.ddd')).toEqual({
      ok: false,
      reason: 'empty',
      message: 'O ficheiro está vazio',
    });
  });

  it('refuses a PDF, a PNG, a ZIP and a text file', () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n%%EOF\n');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const zip = Buffer.from('504b0304140000000800', 'hex');
    const text = Buffer.from('Nome;Matrícula\nJoão;AA-00-BB\n', 'utf8');
    for (const bytes of [pdf, png, zip, text]) expect(readDdd(bytes, 'C_x.DDD')).toEqual(NOT_DDD);
  });

  it('refuses random bytes without throwing', () => {
    for (let i = 0; i < 300; i++) {
      const result = readDdd(randomBytes(1 + (i % 40) * 97));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(['notTachograph', 'truncated', 'notDriverCard']).toContain(result.reason);
    }
  });

  it('refuses each kind cut short inside a block', () => {
    for (const [kind, bytes] of Object.entries(samples)) {
      for (const keep of [7, 40, 400, Math.floor(bytes.length / 2), bytes.length - 1]) {
        expect(readDdd(bytes.subarray(0, keep)), `${kind} cut at ${keep}`).toEqual(TRUNCATED);
      }
      for (const keep of [1, 2, 3, 4]) expect(readDdd(bytes.subarray(0, keep)).ok).toBe(false);
    }
  });

  it('refuses a card cut before its identification and a vehicle unit with garbage after its blocks', () => {
    expect(readDdd(samples.card1.subarray(0, 33 + 5 + 5))).toEqual(TRUNCATED);
    expect(readDdd(Buffer.concat([samples.vu1, Buffer.from('garbage')]))).toEqual(TRUNCATED);
    expect(readDdd(Buffer.concat([samples.vu2, Buffer.from([0x76, 0x7f, 0, 0])]))).toEqual(TRUNCATED);
  });

  it('never throws on damaged copies of real structures', () => {
    const random = lcg(20);
    for (const bytes of Object.values(samples)) {
      for (let round = 0; round < 150; round++) {
        const copy = Buffer.from(bytes);
        const flips = 1 + Math.floor(random() * 8);
        for (let f = 0; f < flips; f++) copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
        const cut = copy.subarray(0, Math.max(1, Math.floor(copy.length * (0.5 + random() / 2))));
        expect(() => readDdd(cut)).not.toThrow();
      }
    }
  });
});
