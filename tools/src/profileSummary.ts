/**
 * Where a CPU profile's time went, by function, with the names of the sources a build's source maps give
 * back: a profile of the built web app names minified functions (`so`, `be`) in bundled files, this names
 * `sortVehicles src/live/vehicleList.ts:107`. Used by `bench:webMap -- --profile` (the web app built with
 * source maps for it); works on any DevTools `.cpuprofile` (Node's `--cpu-prof` too, where files have no map).
 * The same for a sampling heap profile's bytes (`bench:ingest -- --heap-profile`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** The parts of a DevTools CPU profile read here. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame; children?: number[] }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileLine {
  /** `name source:line`: the function and where it begins in its source */
  name: string;
  ms: number;
}

export interface ProfileSummary {
  /** sampled time not idle */
  busyMs: number;
  /** time in the function itself, most first */
  self: ProfileLine[];
  /** time in the function and what it called, most first */
  inclusive: ProfileLine[];
}

/** Finds the source map of a script's file name (the last part of its URL), or null. */
export type MapFinder = (file: string) => SourceMapConsumer | null;

/** Source maps read from `dir`, each `<file>.map`, read once. */
export function mapsIn(dir: string): MapFinder {
  const maps = new Map<string, SourceMapConsumer | null>();
  return (file) => {
    if (!maps.has(file)) {
      let map: SourceMapConsumer | null = null;
      try {
        map = new SourceMapConsumer(JSON.parse(readFileSync(join(dir, `${file}.map`), 'utf8')));
      } catch {
        // a file without a map (an inline script, the browser's own code) keeps its profile names
      }
      maps.set(file, map);
    }
    return maps.get(file)!;
  };
}

/** `…/node_modules/react-dom/x.js` → `react-dom/x.js`; `…/web/src/live/a.ts` → `src/live/a.ts`. */
const shortSource = (source: string) =>
  source.includes('node_modules/')
    ? source.slice(source.lastIndexOf('node_modules/') + 'node_modules/'.length)
    : source.replace(/^.*\/(src\/)/, '$1');

function frameName(frame: CallFrame, maps: MapFinder): string {
  const name = frame.functionName || '(anonymous)';
  const file = frame.url.slice(frame.url.lastIndexOf('/') + 1);
  if (!file) return name;
  const map = maps(file);
  if (map) {
    const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (at.source) return `${at.name ?? name} ${shortSource(at.source)}:${at.line}`;
  }
  return `${name} ${file}:${frame.lineNumber + 1}`;
}

/** Adds `amount` to `name`'s total. */
const addTo = (totals: Map<string, number>, name: string, amount: number) =>
  totals.set(name, (totals.get(name) ?? 0) + amount);

/** The `top` largest totals, largest first. */
const largest = (totals: Map<string, number>, top: number) =>
  [...totals].sort((a, b) => b[1] - a[1]).slice(0, top);

/**
 * The profile's busy time by function between `fromMs` and `toMs` of it (all of it by default), the
 * `top` largest of each list. A sample counts the time until the next one.
 */
export function summarizeProfile(
  profile: CpuProfile,
  maps: MapFinder = () => null,
  options: { top?: number; fromMs?: number; toMs?: number } = {},
): ProfileSummary {
  const { top = 25, fromMs = 0, toMs = Infinity } = options;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const names = new Map<number, string>();
  const nameOf = (id: number) => {
    let name = names.get(id);
    if (name === undefined) names.set(id, (name = frameName(byId.get(id)!.callFrame, maps)));
    return name;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busyMs = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    const sinceStart = (at - profile.startTime) / 1000;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const id = profile.samples[i];
    const name = nameOf(id);
    if (sinceStart < fromMs || sinceStart > toMs || name === '(idle)') continue;
    busyMs += ms;
    addTo(self, name, ms);
    // a function counts once per sample however deep it recurses
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const caller = nameOf(node);
      if (seen.has(caller)) continue;
      seen.add(caller);
      addTo(inclusive, caller, ms);
    }
  }
  const lines = (times: Map<string, number>) =>
    largest(times, top).map(([name, ms]) => ({ name, ms: Math.round(ms * 10) / 10 }));
  return { busyMs: Math.round(busyMs * 10) / 10, self: lines(self), inclusive: lines(inclusive) };
}

/** A summary's two lists as text under `head`, one function a line as `line` writes it. */
function listsText<T>(
  head: string,
  selfTitle: string,
  self: T[],
  inclusive: T[],
  line: (l: T) => string,
): string {
  return [head, selfTitle, ...self.map(line), '-- with what it called', ...inclusive.map(line), ''].join(
    '\n',
  );
}

/** The summary as text: the busy time, then both lists, one function a line. */
export function profileText(summary: ProfileSummary): string {
  return listsText(
    `busy ${summary.busyMs} ms`,
    '-- self',
    summary.self,
    summary.inclusive,
    (l) => `${l.ms.toFixed(1).padStart(9)} ms  ${l.name}`,
  );
}

/** The parts of a DevTools sampling heap profile read here (`HeapProfiler.stopSampling`). */
export interface HeapProfile {
  head: HeapNode;
}

interface HeapNode {
  callFrame: CallFrame;
  /** bytes allocated by this function at this call path (sampled, scaled to an estimate) */
  selfSize: number;
  children?: HeapNode[];
}

export interface HeapLine {
  name: string;
  bytes: number;
}

export interface HeapSummary {
  totalBytes: number;
  self: HeapLine[];
  inclusive: HeapLine[];
}

/** The profile's bytes by the function that allocated them, and with what it called, the `top` of each. */
export function summarizeHeapProfile(
  profile: HeapProfile,
  maps: MapFinder = () => null,
  top = 25,
): HeapSummary {
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  // depth first; a function counts once per path however deep it recurses
  const walk = (node: HeapNode, above: ReadonlySet<string>): number => {
    const name = frameName(node.callFrame, maps);
    addTo(self, name, node.selfSize);
    const path = above.has(name) ? above : new Set(above).add(name);
    let bytes = node.selfSize;
    for (const child of node.children ?? []) bytes += walk(child, path);
    if (!above.has(name)) addTo(inclusive, name, bytes);
    return bytes;
  };
  const totalBytes = walk(profile.head, new Set());
  const lines = (totals: Map<string, number>) =>
    largest(totals, top).map(([name, bytes]) => ({ name, bytes }));
  return { totalBytes, self: lines(self), inclusive: lines(inclusive) };
}

/** The heap summary as text, in bytes per `unit` of work (a record, a flush) when given. */
export function heapProfileText(summary: HeapSummary, per?: { count: number; unit: string }): string {
  const scale = per ? per.count : 1;
  const unit = per ? `bytes a ${per.unit}` : 'bytes';
  const amount = (bytes: number) => Math.round(bytes / scale).toLocaleString('en');
  return listsText(
    `allocated ${amount(summary.totalBytes)} ${unit}` +
      (per ? ` (${per.count.toLocaleString('en')} ${per.unit}s)` : ''),
    '-- by the function that allocated',
    summary.self,
    summary.inclusive,
    (l) => `${amount(l.bytes).padStart(13)} ${unit}  ${l.name}`,
  );
}
