/** What the global setup hands the browser tests (Vitest provide/inject). */
export interface E2eContext {
  /** Set when the browser tests cannot run here; each suite prints it and skips. */
  skipReason: string | null;
  baseUrl: string;
  /** the server's device ports: feed positions through the real listeners */
  teltonikaPort: number;
  osmandPort: number;
  /** the server's data directory (its SQLite database `frota.db`): tests that seed rows directly */
  dataDir: string;
  chromium: string;
  adminEmail: string;
  adminPassword: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}
