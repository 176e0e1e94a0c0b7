/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * What the web map bench measures inside the page (run with page.evaluate): frames per second over a
 * while, the live-flush measures the screen records, long tasks, and blank rows while the panel scrolls.
 */

/** Counts requestAnimationFrame callbacks for `ms`; resolves to frames per second. */
export function countFrames(ms: number): Promise<number> {
  return new Promise((resolve) => {
    let frames = 0;
    const start = performance.now();
    const tick = (time: number) => {
      frames += 1;
      if (time - start < ms) requestAnimationFrame(tick);
      else resolve((frames * 1000) / (time - start));
    };
    requestAnimationFrame(tick);
  });
}

/** Keeps every long task (over 50 ms of main-thread work) in window.longTasks. */
export function watchLongTasks(): void {
  const w = window as unknown as { longTasks: Array<{ start: number; duration: number }> };
  w.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      w.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

export interface FlushMeasure {
  start: number;
  duration: number;
  positions: number;
  /** long-task time inside the flush window (main-thread work in tasks over 50 ms) */
  longTaskMs: number;
}

export function flushMeasures(name: string): FlushMeasure[] {
  const tasks =
    (window as unknown as { longTasks: Array<{ start: number; duration: number }> }).longTasks ?? [];
  return performance.getEntriesByName(name).map((entry) => {
    const end = entry.startTime + entry.duration;
    const longTaskMs = tasks
      .filter((task) => task.start < end + 50 && task.start + task.duration > entry.startTime - 50)
      .reduce((sum, task) => sum + task.duration, 0);
    return {
      start: entry.startTime,
      duration: entry.duration,
      positions: ((entry as PerformanceMeasure).detail as { positions?: number } | null)?.positions ?? 0,
      longTaskMs,
    };
  });
}

/**
 * Scrolls the vehicle list by `step` pixels a frame for `frames` frames and counts, at the next frame,
 * the 130 px row slots of the visible list area that no rendered row covers.
 */
export function scrollForBlankRows({
  step,
  frames,
}: {
  step: number;
  frames: number;
}): Promise<{ blankRows: number; scrolled: number }> {
  const list = document.querySelector<HTMLElement>('[data-testid="vehicle-list"]');
  if (!list) return Promise.resolve({ blankRows: -1, scrolled: 0 });
  return new Promise((resolve) => {
    let blankRows = 0;
    let done = 0;
    const check = () => {
      const view = list.getBoundingClientRect();
      const covered: Array<[number, number]> = [];
      for (const row of list.querySelectorAll<HTMLElement>('[data-testid="vehicle-row"]')) {
        const box = row.parentElement!.getBoundingClientRect();
        const top = Math.max(view.top, box.top);
        const bottom = Math.min(view.bottom, box.bottom);
        if (bottom > top) covered.push([top, bottom]);
      }
      covered.sort((a, b) => a[0] - b[0]);
      let cursor = view.top;
      let gap = 0;
      for (const [top, bottom] of covered) {
        if (top > cursor) gap += top - cursor;
        cursor = Math.max(cursor, bottom);
      }
      if (cursor < view.bottom) gap += view.bottom - cursor;
      blankRows += Math.floor(gap / 130 + 0.25);
    };
    const tick = () => {
      check();
      if (done++ >= frames) {
        resolve({ blankRows, scrolled: list.scrollTop });
        return;
      }
      list.scrollTop += step;
      requestAnimationFrame(tick);
    };
    tick();
  });
}

/**
 * Pans and zooms the map for `ms` with input events dispatched from inside the page at every frame (a
 * drag of 8 px a frame back and forth, then wheel steps in and out), counting frames meanwhile.
 */
export function scriptedPanZoom(ms: number): Promise<number> {
  const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="map-canvas"] canvas');
  if (!canvas) return Promise.resolve(-1);
  const box = canvas.getBoundingClientRect();
  const x0 = box.left + box.width * 0.65;
  const y0 = box.top + box.height * 0.5;
  const mouse = (type: string, x: number, y: number, buttons: number) =>
    (type === 'mousedown' ? canvas : window).dispatchEvent(
      new MouseEvent(type, {
        bubbles: true,
        cancelable: true,
        clientX: x,
        clientY: y,
        button: 0,
        buttons,
        view: window,
      }),
    );
  return new Promise((resolve) => {
    let frames = 0;
    let step = 0;
    const start = performance.now();
    const tick = (time: number) => {
      frames += 1;
      const phase = Math.floor(step / 40) % 4;
      const i = step % 40;
      if (phase < 2) {
        const dir = phase === 0 ? 1 : -1;
        if (i === 0) mouse('mousedown', x0, y0, 1);
        mouse('mousemove', x0 + dir * 8 * (i + 1), y0 + dir * 4 * (i + 1), 1);
        if (i === 39) mouse('mouseup', x0 + dir * 320, y0 + dir * 160, 0);
      } else if (i % 4 === 0) {
        canvas.dispatchEvent(
          new WheelEvent('wheel', {
            bubbles: true,
            cancelable: true,
            clientX: x0,
            clientY: y0,
            deltaY: phase === 2 ? -100 : 100,
            deltaMode: 0,
          }),
        );
      }
      step += 1;
      if (time - start < ms) requestAnimationFrame(tick);
      else resolve((frames * 1000) / (time - start));
    };
    requestAnimationFrame(tick);
  });
}
