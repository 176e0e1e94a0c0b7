/** What the global setup hands the browser tests (Vitest provide/inject). */

/** One Vitest worker's share of the run: its own server and its own browser. */
export interface E2eWorker {
  baseUrl: string;
  /** the server's device ports: feed positions through the real listeners */
  teltonikaPort: number;
  osmandPort: number;
  /** the server's data directory (its SQLite database `frota.db`): tests that seed rows directly */
  dataDir: string;
  /** the shared Chromium's Playwright endpoint (`chromium.connect`); empty when skipped */
  browserWs: string;
}

export interface E2eRun {
  /** Set when the browser tests cannot run here; each suite prints it and skips. */
  skipReason: string | null;
  chromium: string;
  adminEmail: string;
  adminPassword: string;
  /** one per Vitest worker, indexed by VITEST_POOL_ID - 1 */
  workers: E2eWorker[];
}

/** What a test file sees: the run, narrowed to the server and browser of the worker it runs in. */
export interface E2eContext extends E2eWorker {
  skipReason: string | null;
  chromium: string;
  adminEmail: string;
  adminPassword: string;
  /** 1-based worker number (VITEST_POOL_ID) */
  worker: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eRun: E2eRun;
  }
}

/** The worker a test file runs in: two files never share a worker at the same time (Vitest's pool id). */
export function workerContext(run: E2eRun, poolId = process.env.VITEST_POOL_ID): E2eContext {
  const worker = Math.max(1, Number(poolId) || 1);
  const empty: E2eWorker = { baseUrl: '', teltonikaPort: 0, osmandPort: 0, dataDir: '', browserWs: '' };
  const own = run.workers.length ? run.workers[(worker - 1) % run.workers.length] : empty;
  return {
    ...own,
    skipReason: run.skipReason,
    chromium: run.chromium,
    adminEmail: run.adminEmail,
    adminPassword: run.adminPassword,
    worker,
  };
}
