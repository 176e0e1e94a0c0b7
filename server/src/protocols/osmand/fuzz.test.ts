import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { memoryLog, MemorySink, waitFor } from '../testing/memorySink';
import { prng, type Random } from '../testing/prng';
import type { DecodedPosition } from '../types';
import { garbageRequest, httpRequest, KNOWN_IDS, mutatedFix, type FuzzRequest } from './fuzzCases.testdata';
import { startOsmand, type OsmandListener } from './server';
import { validCoordinates } from './values';

const CONCURRENCY = 16;

/**
 * Sends raw bytes and reads the status of every answer (a mutation can turn the bytes into several
 * pipelined requests); none when the listener closed the connection without answering.
 */
function exchange(port: number, bytes: Buffer): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the listener neither answered nor closed the connection'));
    }, 10_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      resolve([...text.matchAll(/HTTP\/1\.[01] (\d{3}) /g)].map((m) => Number(m[1])));
    });
    socket.write(bytes);
    // as a phone does, wait for the answer (Connection: close ends it); a request the listener still
    // waits on (a body cut short) is ended by half-closing after a while.
    // clock: nothing tells a request the listener is still reading from one it is answering (the bytes
    // are random); the listener answers a whole request at once, so this only ends the cut-short ones
    const patience = setTimeout(() => socket.end(), 1000);
    socket.on('close', () => clearTimeout(patience));
  });
}

interface Outcome {
  index: number;
  kind: string;
  bytes: Buffer;
  statuses: number[];
}

async function run(port: number, cases: FuzzRequest[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const index = next++;
      const { kind, bytes } = cases[index];
      outcomes.push({ index, kind, bytes, statuses: await exchange(port, bytes) });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

const describeOutcome = (o: Outcome) =>
  `case ${o.index} (${o.kind}) answered ${o.statuses.join(',') || 'nothing'}: ${JSON.stringify(o.bytes.toString('latin1').slice(0, 300))}`;

const count = (outcomes: Outcome[], status: number) =>
  outcomes.reduce((n, o) => n + o.statuses.filter((s) => s === status).length, 0);

/** A position any correct server could store: a known device, a real place and time, finite numbers. */
function sane(p: DecodedPosition): boolean {
  return (
    (KNOWN_IDS as readonly string[]).includes(p.uniqueId) &&
    validCoordinates(p.latitude, p.longitude) &&
    Number.isFinite(p.fixTime.getTime()) &&
    [p.speed, p.course, p.altitude].every(Number.isFinite) &&
    typeof JSON.stringify(p.attributes) === 'string'
  );
}

const garbageCases = (r: Random, n: number) => Array.from({ length: n }, () => garbageRequest(r));
const mutatedCases = (r: Random, n: number) => Array.from({ length: n }, () => mutatedFix(r));

describe('fuzzing the OsmAnd HTTP listener', () => {
  let sink: MemorySink;
  let listener: OsmandListener;

  beforeAll(async () => {
    sink = new MemorySink([...KNOWN_IDS]);
    listener = await startOsmand({ port: 0, host: '127.0.0.1', sink, log: memoryLog() });
  });
  afterAll(() => listener.close());

  it('never stores nor answers 200 or 5xx to 2000 garbage requests', async () => {
    const outcomes = await run(listener.port, garbageCases(prng(4242), 2000));
    const wrong = outcomes.filter((o) => o.statuses.some((s) => s === 200 || s >= 500));
    expect(wrong.map(describeOutcome)).toEqual([]);
    expect(sink.storeCalls).toBe(0);
    // every kind of garbage was tried, and most got a clear refusal rather than a dropped connection
    expect(new Set(outcomes.map((o) => o.kind)).size).toBe(10);
    expect(outcomes.filter((o) => o.statuses.includes(400)).length).toBeGreaterThan(1200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);

  it('answers 1500 mutated fixes without a 5xx, storing exactly what it answered 200, all of it sane', async () => {
    const before = sink.storeCalls;
    const stored = sink.stored.length;
    const outcomes = await run(listener.port, mutatedCases(prng(777), 1500));
    const crashed = outcomes.filter((o) => o.statuses.some((s) => s >= 500));
    expect(crashed.map(describeOutcome)).toEqual([]);
    const accepted = count(outcomes, 200);
    // a mutation often leaves a valid fix, and often breaks it: both paths were exercised
    expect(accepted).toBeGreaterThan(100);
    expect(count(outcomes, 400)).toBeGreaterThan(100);
    expect(sink.storeCalls - before).toBe(accepted);
    const insane = sink.stored.slice(stored).filter((p) => !sane(p));
    expect(insane).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);

  it('keeps serving, and releases every connection and request afterwards', async () => {
    const stored = sink.stored.length;
    const status = await exchange(
      listener.port,
      httpRequest('GET', `/?id=${KNOWN_IDS[0]}&lat=-8.8&lon=13.2`),
    );
    expect(status).toEqual([200]);
    expect(sink.stored.length).toBe(stored + 1);
    await waitFor(
      () => listener.stats().connections === 0 && listener.stats().requests === 0,
      'connections and requests to be released',
      5000,
    );
  });
});

describe('fuzzing OsmAnd through the real pipeline and database', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    const admin = await server.admin();
    for (const uniqueId of KNOWN_IDS) {
      expect((await admin.post('/api/devices', { name: uniqueId, uniqueId })).status).toBe(200);
    }
  });
  afterAll(() => server.close());

  const positionCount = async () =>
    Number(
      (
        await server.services.db.kysely
          .selectFrom('positions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores no position for garbage, and never answers 5xx to mutated fixes', async () => {
    const port = server.osmand!.port;
    const garbage = await run(port, garbageCases(prng(99), 400));
    expect(garbage.filter((o) => o.statuses.some((s) => s === 200 || s >= 500)).map(describeOutcome)).toEqual(
      [],
    );
    await server.ingest.writer.drain();
    expect(await positionCount()).toBe(0);

    const mutated = await run(port, mutatedCases(prng(100), 400));
    expect(mutated.filter((o) => o.statuses.some((s) => s >= 500)).map(describeOutcome)).toEqual([]);
    const accepted = count(mutated, 200);
    expect(accepted).toBeGreaterThan(20);
    await server.ingest.writer.drain();
    // duplicates are answered 200 and dropped, JSON requests may carry two fixes
    const rows = await positionCount();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(2 * accepted);
    await waitFor(() => server.osmand!.stats().connections === 0, 'connections to close', 5000);
  }, 120_000);
});
