/** Types of test-timings.mjs (plain JavaScript, so that `npm test` needs no TypeScript loader). */
export interface FileTiming {
  file: string;
  ms: number;
  tests: number;
}
export interface ProjectTiming {
  files: number;
  tests: number;
  ms: number;
}
export interface TimingsLine {
  timings: 'vitest';
  wallMs: number | null;
  files: number;
  tests: number;
  passed: number | null;
  failed: number | null;
  skipped: number;
  /** files that failed as a whole (a failed beforeAll fails none of their tests) */
  failedFiles: string[];
  overSixtySeconds: string[];
  projects: Record<string, ProjectTiming>;
  slowest: FileTiming[];
}
export function projectOf(file: string): string;
export function summarise(report: unknown, root?: string): TimingsLine;
