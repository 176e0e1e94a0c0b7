/**
 * `npm run bench:summary [-- --pg postgres://…]`: the speed record kept with the code (issue 38). Runs the
 * short forms of the benches one after another — ingest on SQLite and (with --pg or
 * FROTA_BENCH_DATABASE_URL) on PostgreSQL, the 10,000-vehicle map, a week of replay in the browser and the
 * reports — and prints one JSON line of their headline figures, with the machine they ran on, ending with its
 * verdict against issue 38's goals (`goals`: how many met, each missed, each unjudged; goals.ts). The
 * README's "Performance" table is this line.
 */
import { spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SERVER_NODE_FLAGS } from '../../tools/serverNodeFlags.mjs';
import { goalVerdict } from './goals';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string' },
    seconds: { type: 'string', default: '8' },
  },
});
const PG = args.pg ?? process.env.FROTA_BENCH_DATABASE_URL;
const SECONDS = args.seconds!;

type Line = Record<string, unknown>;

/** Runs one bench and returns its JSON line (the last line of its output that parses as an object). */
function runBench(file: string, benchArgs: string[]): Promise<{ line: Line | null; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      // the ingest bench hosts the server in its own process: it runs with the server's flags
      [
        ...(file === 'ingest.ts' ? SERVER_NODE_FLAGS : []),
        '--import',
        'tsx',
        fileURLToPath(new URL(`./${file}`, import.meta.url)),
        ...benchArgs,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', () => {
      const lines = out
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.startsWith('{'));
      let line: Line | null = null;
      for (const l of lines) {
        try {
          line = JSON.parse(l) as Line;
        } catch {
          // not a result line
        }
      }
      resolve({ line, ms: Date.now() - started });
    });
  });
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const ratio = (a: number | null, b: number | null) =>
  a !== null && b !== null && b > 0 ? Math.round((a / b) * 100) / 100 : null;

const started = Date.now();
const ingestArgs = ['--devices', '200', '--seconds', SECONDS];
const sqlite = await runBench('ingest.ts', ingestArgs);
const postgres = PG ? await runBench('ingest.ts', [...ingestArgs, '--db', PG]) : null;
const map = await runBench('webMap.ts', ['--vehicles', '10000', '--seconds', SECONDS]);
const replay = await runBench('replayWeb.ts', ['--days', '7']);
const reports = await runBench('reports.ts', ['--days', '7', '--vehicles', '50', '--repeat', '1']);

const ingest = (r: { line: Line | null } | null) =>
  r?.line
    ? {
        recordsPerSecond: num(r.line.recordsPerSecond),
        serverCpuUsPerRecord: num(r.line.serverCpuUsPerRecord),
        ackLatencyMsP99: num((r.line.ackLatencyMs as Line | undefined)?.p99),
        stageUsPerRecord: r.line.stageUsPerRecord ?? null,
        threadCpuUsPerRecord: r.line.threadCpuUsPerRecord ?? null,
      }
    : null;
const mapLine = map.line;
const sqliteReports = (reports.line?.sqlite ?? null) as Line | null;
const oneVehicle = (sqliteReports?.oneVehicle ?? null) as Line | null;
const fleet = (sqliteReports?.fleet ?? null) as Line | null;

const summary = {
  bench: 'summary',
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model ?? '',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  ingestSqlite: ingest(sqlite),
  ingestPostgres: ingest(postgres),
  webMap: mapLine
    ? {
        vehicles: num(mapLine.vehicles),
        fps: num(mapLine.fps),
        emptyMapFps: num(mapLine.emptyMapFps),
        fpsVsEmptyMap: ratio(num(mapLine.fps), num(mapLine.emptyMapFps)),
        crowdedFps: num(mapLine.crowdedFps),
        flushMs: num(mapLine.flushMs),
      }
    : null,
  replayWeb: replay.line
    ? {
        weekPositions: num(replay.line.weekPositions),
        weekClickToRouteMs: num(replay.line.weekClickToRouteMs),
        dayClickToRouteMs: num(replay.line.dayClickToRouteMs),
      }
    : null,
  reports: sqliteReports
    ? {
        db: 'sqlite',
        days: num(oneVehicle?.days),
        // one vehicle's trips, stops and summary over the days (positions every 10 s)
        oneVehicleMs: num(oneVehicle?.totalMs),
        // the km report of the fleet
        fleetVehicles: num(fleet?.vehicles),
        fleetKmMs: num(fleet?.kmMs),
      }
    : null,
  wallSeconds: Math.round((Date.now() - started) / 1000),
  benchSeconds: {
    ingestSqlite: Math.round(sqlite.ms / 1000),
    ingestPostgres: postgres ? Math.round(postgres.ms / 1000) : null,
    webMap: Math.round(map.ms / 1000),
    replayWeb: Math.round(replay.ms / 1000),
    reports: Math.round(reports.ms / 1000),
  },
};
// the line ends with its verdict against issue 38's goals (goals.ts)
console.log(JSON.stringify({ ...summary, goals: goalVerdict(summary) }));
if (!sqlite.line || !map.line || !replay.line || !reports.line || (PG && !postgres?.line))
  process.exitCode = 1;
