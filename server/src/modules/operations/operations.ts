/**
 * The operator's view of one server: what health and metrics read (the device listeners, the ingest
 * pipeline, the node id) and the Prometheus registry. server.ts attaches the parts once they run; routes
 * (GET /api/health, GET /metrics) read them. One per server, never a module global: tests run several
 * servers in one process.
 */
import { Registry } from 'prom-client';
import type { Config } from '../../config';
import type { OperatedParts } from './operatedParts';
import { RedisProbe } from './redisProbe';
import { createMetrics, type ServerMetrics } from './metrics';
import type { LiveHub } from '../../live/hub';

declare module '../../services/context' {
  interface Services {
    /** health and metrics of this server (set by server.ts; routes make their own when it is absent) */
    operations?: Operations;
  }
}

export type { OperatedParts } from './operatedParts';

export class Operations {
  readonly registry = new Registry();
  readonly metrics: ServerMetrics;
  readonly redis: RedisProbe | undefined;
  parts: OperatedParts = {};
  /** listeners are closed (the server is stopping): they no longer count as down */
  stopped = false;

  constructor(
    readonly config: Config,
    live: LiveHub,
  ) {
    this.redis = config.redisUrl ? new RedisProbe(config.redisUrl) : undefined;
    this.metrics = createMetrics(this.registry, () => ({ ...this.parts, live }));
  }

  attach(parts: OperatedParts): void {
    this.parts = { ...this.parts, ...parts };
    if (parts.ingest)
      parts.ingest.writer.onCommit = (_records, ms) => this.metrics.batchCommit.observe(ms / 1000);
  }

  /** report engine hook: one report built (route or scheduler) */
  reportFinished(name: string, ms: number): void {
    this.metrics.reportDuration.observe({ report: name }, ms / 1000);
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.redis?.close();
  }
}
