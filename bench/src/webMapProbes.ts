/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * What the web map bench measures inside the page (run with page.evaluate): frames per second over a
 * while, map frames drawn, the live-flush measures the screen records, long tasks, and blank rows while
 * the panel scrolls.
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

/**
 * Init script: counts the frames the map draws into its canvas (window.mapFrames), one per clear of a
 * WebGL2 context's own drawing buffer. Animation-frame callbacks run whether the map draws or not, so they
 * do not tell how often the picture changes; this does, without any hook in the application.
 */
export function countMapFrames(): void {
  const w = window as unknown as { mapFrames: number };
  w.mapFrames = 0;
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
    const context = (getContext as (...a: unknown[]) => RenderingContext | null).apply(this, args);
    if (context instanceof WebGL2RenderingContext && !(context as { counted?: boolean }).counted) {
      (context as { counted?: boolean }).counted = true;
      const clear = context.clear;
      context.clear = function (this: WebGL2RenderingContext, mask: number) {
        if (mask & this.COLOR_BUFFER_BIT && this.getParameter(this.FRAMEBUFFER_BINDING) === null)
          w.mapFrames += 1;
        clear.call(this, mask);
      };
    }
    return context;
  } as typeof getContext;
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
  /** from the first render seeing the flush to the end of the online screen's effects */
  renderMs: number;
  positions: number;
  /**
   * Main-thread time of applying the flush: the flush timer's fold of the messages into the query cache,
   * plus the task that renders it (React render and commit, the screen's effects, and the microtasks
   * after them such as the map's worker messages), taken from the long task holding the render's start.
   * Under 50 ms the browser reports no long task and renderMs stands for it.
   */
  taskMs: number;
  /**
   * The map applying the flush's vehicles in the animation frame after it (places, dots, the source's
   * diff; the map's drawing of that frame not included), or null when the page measured none.
   */
  mapMs: number | null;
}

export function flushMeasures(name: string): FlushMeasure[] {
  const tasks =
    (window as unknown as { longTasks: Array<{ start: number; duration: number }> }).longTasks ?? [];
  const flushes = performance.getEntriesByName(name);
  const drawn = performance.getEntriesByName(`${name}:map`);
  return flushes.map((entry, i) => {
    const detail = ((entry as PerformanceMeasure).detail ?? {}) as {
      positions?: number;
      foldStart?: number;
      foldMs?: number;
    };
    const task = tasks.find((t) => t.start <= entry.startTime && entry.startTime < t.start + t.duration);
    const foldMs = detail.foldMs ?? 0;
    // One task holding the fold too (the cache notified at once) is counted once.
    const folded = task !== undefined && task.start <= (detail.foldStart ?? -Infinity);
    const next = flushes[i + 1]?.startTime ?? Infinity;
    const map = drawn.find((d) => d.startTime >= entry.startTime && d.startTime < next);
    return {
      start: entry.startTime,
      renderMs: entry.duration,
      positions: detail.positions ?? 0,
      taskMs: (task ? task.duration : entry.duration) + (folded ? 0 : foldMs),
      mapMs: map ? map.duration : null,
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
