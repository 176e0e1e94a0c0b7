/**
 * The Prometheus families of GET /metrics. Counts the pipeline already keeps (ingest, batch writer, live
 * hub, listeners) are read when scraped; durations are observed by hooks (batch commits, reports, HTTP).
 */
import { Counter, Gauge, Histogram, collectDefaultMetrics, type Registry } from 'prom-client';
import type { LiveHub } from '../../live/hub';
import type { OperatedParts } from './operatedParts';
import { computedStats } from '../../processing/stages/computed';

export interface ServerMetrics {
  batchCommit: Histogram;
  reportDuration: Histogram<'report'>;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
}

type Sources = () => OperatedParts & { live: LiveHub };

/** A counter whose total is kept elsewhere: set to that total on each scrape. */
function mirroredCounter(registry: Registry, name: string, help: string, read: () => number) {
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

export function createMetrics(registry: Registry, sources: Sources): ServerMetrics {
  collectDefaultMetrics({ register: registry });
  mirroredCounter(
    registry,
    'frota_records_received_total',
    'Records decoded from devices and handed to the pipeline (records in)',
    () => sources().ingest?.stats.received ?? 0,
  );
  mirroredCounter(
    registry,
    'frota_records_stored_total',
    'Records committed to the database',
    () => sources().ingest?.writer.stats.records ?? 0,
  );
  mirroredCounter(
    registry,
    'frota_device_connection_conflicts_total',
    'Device connections refused because another live connection holds their IMEI',
    () =>
      (sources().teltonika?.counters().conflicts ?? 0) +
      (sources().framed ?? []).reduce((sum, l) => sum + l.counters().conflicts, 0),
  );
  mirroredCounter(
    registry,
    'frota_computed_aborted_total',
    'Computed attribute evaluations aborted for exceeding the step and size budget',
    () => computedStats.aborted,
  );
  mirroredCounter(
    registry,
    'frota_records_sent_total',
    'Positions sent to browser sockets (records out)',
    () => sources().live.stats.positions,
  );
  mirroredCounter(
    registry,
    'frota_socket_messages_sent_total',
    'Messages sent to browser sockets',
    () => sources().live.stats.messages,
  );
  new Gauge({
    name: 'frota_batch_queue_depth',
    help: 'Records waiting for the next database transaction',
    registers: [registry],
    collect() {
      this.set(sources().ingest?.writer.depth ?? 0);
    },
  });
  new Gauge({
    name: 'frota_socket_clients',
    help: 'Browser WebSocket connections on this node',
    registers: [registry],
    collect() {
      this.set(sources().live.size);
    },
  });
  new Gauge({
    name: 'frota_device_connections',
    help: 'Open device connections by listener',
    labelNames: ['listener'],
    registers: [registry],
    collect() {
      const { teltonika, osmand, camera, framed = [] } = sources();
      this.set({ listener: 'teltonika' }, teltonika?.stats().connections ?? 0);
      this.set({ listener: 'osmand' }, osmand?.stats().connections ?? 0);
      this.set({ listener: 'camera' }, camera?.stats().connections ?? 0);
      for (const l of framed) this.set({ listener: l.protocol }, l.stats().connections);
    },
  });
  return {
    batchCommit: new Histogram({
      name: 'frota_batch_commit_seconds',
      help: 'Time to commit one batch of records',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    reportDuration: new Histogram({
      name: 'frota_report_duration_seconds',
      help: 'Time to build one report, by report',
      labelNames: ['report'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'frota_http_request_duration_seconds',
      help: 'HTTP request latency by route',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}
