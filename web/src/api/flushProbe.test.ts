import { afterEach, describe, expect, it } from 'vitest';
import {
  FLUSH_MAP_MEASURE,
  FLUSH_MEASURE,
  flushApplied,
  flushBegins,
  flushDrawing,
  flushFolded,
  flushRendering,
} from './flushProbe';

const RENDER = 'frota:live-flush:render';

describe('live flush probe', () => {
  afterEach(() => {
    performance.clearMarks();
    performance.clearMeasures();
  });

  it('measures from the first render seeing a flush to the screen applying it, with the fold in its detail', () => {
    const started = flushBegins();
    // Before the fold: a render that sees no new flush marks nothing.
    flushRendering();
    expect(performance.getEntriesByName(RENDER)).toHaveLength(0);
    flushFolded(started, 3);
    flushRendering();
    flushRendering();
    const marks = performance.getEntriesByName(RENDER);
    expect(marks).toHaveLength(1);
    flushApplied();
    const [measure] = performance.getEntriesByName(FLUSH_MEASURE) as PerformanceMeasure[];
    expect(measure.startTime).toBe(marks[0].startTime);
    expect(measure.detail).toMatchObject({ positions: 3, foldStart: started });
    expect(measure.detail.foldMs).toBeGreaterThanOrEqual(0);
    expect(measure.detail.foldStart + measure.detail.foldMs).toBeLessThanOrEqual(marks[0].startTime);
    // Applied once: a later effect run without a new flush measures nothing.
    flushApplied();
    expect(performance.getEntriesByName(FLUSH_MEASURE)).toHaveLength(1);
  });

  it("measures the map's first frame after a measured flush, and no other", () => {
    // The frame after the last test's flush; then no flush waits to be drawn: frames are not measured.
    flushDrawing()();
    performance.clearMeasures();
    flushDrawing()();
    expect(performance.getEntriesByName(FLUSH_MAP_MEASURE)).toHaveLength(0);
    flushFolded(flushBegins(), 5);
    flushRendering();
    flushApplied();
    const done = flushDrawing();
    // A second frame before the first is done, or after it, measures nothing more.
    flushDrawing()();
    done();
    flushDrawing()();
    const measures = performance.getEntriesByName(FLUSH_MAP_MEASURE);
    expect(measures).toHaveLength(1);
    expect(measures[0].startTime).toBeGreaterThanOrEqual(
      performance.getEntriesByName(FLUSH_MEASURE)[0].startTime,
    );
  });

  it('leaves flushes that move no vehicle unmeasured', () => {
    flushFolded(flushBegins(), 0);
    flushRendering();
    flushApplied();
    expect(performance.getEntriesByName(RENDER)).toHaveLength(0);
    expect(performance.getEntriesByName(FLUSH_MEASURE)).toHaveLength(0);
  });
});
