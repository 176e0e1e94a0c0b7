import { describe, expect, it } from 'vitest';
import { GOALS, goalVerdict } from './goals';

// bench:summary's line of 2026-12-02 (AMD EPYC in a nested VM), the figures the goals read
const LINE = {
  bench: 'summary',
  ingestSqlite: { recordsPerSecond: 44107, serverCpuUsPerRecord: 28.9 },
  ingestPostgres: { recordsPerSecond: 33658, serverCpuUsPerRecord: 24.6 },
  webMap: { fps: 48.8, emptyMapFps: 46.8, fpsVsEmptyMap: 1.04, flushMs: 32.1 },
  replayWeb: { weekClickToRouteMs: 1789 },
};

describe('bench:summary goals', () => {
  it("judges a run's figures against issue 38's bounds, naming each goal missed", () => {
    expect(goalVerdict(LINE)).toEqual({
      met: 3,
      of: GOALS.length,
      missed: [
        'ingestSqlite.recordsPerSecond 44107 < 45000',
        'ingestSqlite.serverCpuUsPerRecord 28.9 > 20',
        'webMap.flushMs 32.1 > 30',
      ],
      unjudged: [],
    });
  });

  it('meets a goal exactly at its bound', () => {
    const atBounds = {
      ingestSqlite: { recordsPerSecond: 45_000, serverCpuUsPerRecord: 20 },
      ingestPostgres: { recordsPerSecond: 30_000 },
      webMap: { fpsVsEmptyMap: 0.9, flushMs: 30 },
      replayWeb: { weekClickToRouteMs: 2_000 },
    };
    expect(goalVerdict(atBounds)).toEqual({ met: GOALS.length, of: GOALS.length, missed: [], unjudged: [] });
  });

  it('leaves unjudged what the run did not measure (no PostgreSQL, a bench that failed)', () => {
    const verdict = goalVerdict({
      ...LINE,
      ingestPostgres: null,
      webMap: { fpsVsEmptyMap: null, flushMs: 20 },
    });
    expect(verdict.unjudged).toEqual(['ingestPostgres.recordsPerSecond', 'webMap.fpsVsEmptyMap']);
    expect(verdict.met).toBe(2);
    expect(verdict.missed).toHaveLength(2);
  });
});
