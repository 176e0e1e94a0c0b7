/**
 * The streamed replay answer (format stream) on the seeded report day, read with the web's own reader:
 * the same route, markers, limits, steps and trips as the packed answer, private places blanked as there;
 * compressed as the client accepts; the route flushed to the client before the markers are worked out;
 * a failure after the route told in the answer; the work stopped when the client goes away.
 */
import { createBrotliDecompress } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackRoute, type UnpackedRoute } from '@frota/core';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { reportFleet, type ReportFleet } from '../../../src/reports/testing/fleet';
import { at } from '../../../src/reports/testing/seedDay';
import { parseJson, toJson } from '../../../src/db/mapping';
import { scopeFor } from '../../../src/auth/policy';
import { userJson } from '../../../src/db/rows';
import { planReplay, tooManyMessage } from '../../../src/modules/replay/replay';
import { streamSink, writeReplayStream, type StreamSink } from '../../../src/modules/replay/streamAnswer';
import { ApiError } from '../../../../web/src/api/client';
import {
  ReplayStreamReader,
  type StreamHead,
  type StreamMarks,
  type StreamRoute,
} from '../../../../web/src/replay/replayStream';

const DAY = { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' };
const PATH = '/report/report_routechartdata.php';

interface Streamed {
  order: string[];
  route: StreamRoute;
  head: StreamHead;
  marks: StreamMarks;
}

function reader(into: Partial<Streamed> & { order: string[] }) {
  return new ReplayStreamReader({
    route: (route, head) => {
      into.order.push('route');
      Object.assign(into, { route, head });
    },
    marks: (marks) => {
      into.order.push('marks');
      into.marks = marks;
    },
  });
}

const orNaN = (v: number) => (v === null ? NaN : v);

describe.each(dialects())('streamed route replay (%s)', (dialect) => {
  let server: TestServer;
  let f: ReportFleet;
  let viewer: { client: Client; id: number };
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await reportFleet(server);
    viewer = await userClient(server, f.admin, {
      email: 'historia@x.ao',
      attributes: { permissions: ['map.history', 'reports.trips'], timezone: 'Africa/Luanda' },
    });
    await f.admin.post('/api/permissions', { userId: viewer.id, groupId: f.group.id });
    // trip 3 (10:30-10:40) was driven in privacy mode
    const db = server.services.db;
    const rows = await db.kysely
      .selectFrom('positions')
      .select(['id', 'attributes'])
      .where('deviceId', '=', f.a.id)
      .where('fixTime', '>=', at(10, 30))
      .where('fixTime', '<', at(10, 40))
      .execute();
    for (const r of rows)
      await db.kysely
        .updateTable('positions')
        .set({ attributes: toJson({ ...parseJson(r.attributes), privacy: 1 }) })
        .where('id', '=', r.id)
        .execute();
  });
  afterAll(async () => server.close());

  const ask = (client: Client, format: string, encoding = 'br') =>
    fetch(server.base + PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: client.cookie, 'accept-encoding': encoding },
      body: JSON.stringify({ devices: [f.a.id], ...DAY, format }),
    });

  const streamed = async (client: Client, encoding = 'br') => {
    const res = await ask(client, 'stream', encoding);
    expect(res.status).toBe(200);
    const into: Partial<Streamed> & { order: string[] } = { order: [] };
    const read = reader(into);
    const body = res.body!.getReader();
    for (let piece = await body.read(); !piece.done; piece = await body.read()) read.feed(piece.value);
    read.end();
    return { res, ...(into as Streamed) };
  };

  const packed = async (client: Client) => {
    const res = await ask(client, 'packed');
    return unpackRoute<{ length: number; events: string[]; trips: unknown[]; device: unknown }>(
      await res.arrayBuffer(),
    );
  };

  /** The stream matches the packed answer, private positions blanked for everyone as the web does. */
  function expectSame(
    s: Streamed,
    p: { header: { events: string[]; trips: unknown[]; device: unknown }; columns: UnpackedRoute },
  ) {
    const c = p.columns;
    const n = c.length;
    expect(s.order).toEqual(['route', 'marks']);
    expect(s.route.length).toBe(n);
    expect(s.head.device).toEqual(p.header.device);
    expect(s.marks.trips).toEqual(p.header.trips);
    expect([...s.route.id]).toEqual([...c.id]);
    expect([...s.route.time]).toEqual([...c.fixTime]);
    expect([...s.route.privacy]).toEqual([...c.privacy]);
    const shown = (v: number, i: number) => (c.privacy[i] ? NaN : v);
    expect([...s.route.latitude]).toEqual([...c.latitude].map(shown));
    expect([...s.route.longitude]).toEqual([...c.longitude].map(shown));
    expect([...s.route.speed]).toEqual([...c.speed].map(shown));
    expect([...s.route.course]).toEqual([...c.course].map(shown));
    expect([...s.marks.speedLimit]).toEqual([...c.speedLimit].map(shown));
    expect([...s.marks.distance].map(orNaN)).toEqual([...c.distance].map(orNaN));
    const names = (codes: ArrayLike<number>, events: string[]) =>
      Array.from(codes, (code) => (code ? events[code - 1] : null));
    expect(names(s.marks.event, s.head.events)).toEqual(names(c.event, p.header.events));
  }

  it('streams the route, then the markers, limits, steps and trips of the packed answer', async () => {
    const mine = await streamed(viewer.client);
    expect(mine.res.headers.get('content-type')).toBe('application/octet-stream');
    expect(mine.route.length).toBe(f.positions);
    expectSame(mine, await packed(viewer.client));
    // the private trip's places are hidden from the viewer and blanked for the administrator too
    const i = [...mine.route.time].indexOf(at(10, 31));
    expect(mine.route.privacy[i]).toBe(1);
    expect(mine.route.latitude[i]).toBeNaN();
    expect(mine.marks.trips.map((t) => t.trip_privacy)).toEqual([0, 0, 1, 0]);
    const admins = await streamed(f.admin);
    expectSame(admins, await packed(f.admin));
    expect(admins.route.latitude[i]).toBeNaN();
    expect(admins.marks.event.filter(Boolean).length).toBe(mine.marks.event.filter(Boolean).length + 1);
  });

  it('compresses as the client accepts: brotli, else gzip, else not', async () => {
    const br = await streamed(viewer.client, 'gzip, deflate, br');
    expect(br.res.headers.get('content-encoding')).toBe('br');
    const gzip = await streamed(viewer.client, 'gzip');
    expect(gzip.res.headers.get('content-encoding')).toBe('gzip');
    const plain = await streamed(viewer.client, 'identity');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    for (const other of [gzip, plain]) {
      expect([...other.route.time]).toEqual([...br.route.time]);
      expect(other.marks.trips).toEqual(br.marks.trips);
    }
  });

  it('answers a refused query before streaming, as the other formats', async () => {
    const r = await viewer.client.post(PATH, { devices: [f.hidden.id], ...DAY, format: 'stream' });
    expect(r.status).toBe(404);
    const bad = await viewer.client.post(PATH, {
      devices: [f.a.id],
      from: 'ontem',
      to: DAY.to,
      format: 'stream',
    });
    expect([bad.status, bad.text]).toEqual([400, 'Por favor seleccione um período válido']);
  });

  it("streams an empty route outside a temporary user's window", async () => {
    const temp = await userClient(server, f.admin, {
      email: 'temp_janela@x.ao',
      readonly: true,
      attributes: {
        timezone: 'Africa/Luanda',
        allowHistory: true,
        allowHistoryFrom: new Date(at(10)).toISOString(),
        allowHistoryTo: new Date(at(11)).toISOString(),
      },
    });
    await f.admin.post('/api/permissions', { userId: temp.id, deviceId: f.a.id });
    const inside = await streamed(temp.client);
    expect(inside.route.time[0]).toBe(at(10));
    expect([...inside.route.time].every((t) => t >= at(10) && t <= at(11))).toBe(true);
    const res = await fetch(server.base + PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: temp.client.cookie },
      body: JSON.stringify({
        devices: [f.a.id],
        from: '2025-03-10 14:00:00',
        to: '2025-03-10 16:00:00',
        format: 'stream',
      }),
    });
    const into: Partial<Streamed> & { order: string[] } = { order: [] };
    const read = reader(into);
    read.feed(new Uint8Array(await res.arrayBuffer()));
    read.end();
    expect(into.order).toEqual(['route', 'marks']);
    expect(into.route!.length).toBe(0);
    expect(into.marks!.trips).toEqual([]);
  });

  it('blanks every place of a vehicle in privacy mode, as the packed answer does', async () => {
    const db = server.services.db;
    const device = await db.kysely
      .selectFrom('devices')
      .select('attributes')
      .where('id', '=', f.a.id)
      .executeTakeFirstOrThrow();
    const set = (attributes: Record<string, unknown>) =>
      db.kysely
        .updateTable('devices')
        .set({ attributes: toJson(attributes) })
        .where('id', '=', f.a.id)
        .execute();
    await set({ ...parseJson(device.attributes), privacy: true });
    try {
      const mine = await streamed(viewer.client);
      expect(mine.route.privacy.every((p) => p === 1)).toBe(true);
      expect([...mine.route.latitude].every(Number.isNaN)).toBe(true);
      expectSame(mine, await packed(viewer.client));
    } finally {
      await set(parseJson(device.attributes));
    }
  });

  describe('written into a sink', () => {
    const plan = async (client: { id: number }) => {
      const row = await server.services.db.kysely
        .selectFrom('users')
        .selectAll()
        .where('id', '=', client.id)
        .executeTakeFirstOrThrow();
      const scope = await scopeFor(server.services.db, userJson(row));
      return planReplay(server.services, scope, { devices: [f.a.id], ...DAY, format: 'stream' });
    };

    /** A brotli sink whose output the web reader reads as it comes; frames written are recorded. */
    function watched() {
      const sink = streamSink('br');
      const into: Partial<Streamed> & { order: string[]; error?: unknown } = { order: [] };
      const read = reader(into);
      const unzip = createBrotliDecompress();
      sink.body.pipe(unzip).on('data', (piece: Buffer) => {
        try {
          if (!into.error) read.feed(new Uint8Array(piece));
        } catch (error) {
          into.error = error;
        }
      });
      const ended = new Promise((resolve) => unzip.on('end', resolve));
      const written: string[] = [];
      const watchedSink: StreamSink = {
        body: sink.body,
        write: (frame) => {
          written.push(frame.toString('latin1', 0, 4));
          sink.write(frame);
        },
        flush: () => sink.flush(),
        end: () => sink.end(),
      };
      return { sink: watchedSink, into, read, written, ended };
    }

    it('flushes the whole route to the client before working out its markers', async () => {
      const w = watched();
      const flush = w.sink.flush;
      // once the route is written and flushed, the client must be able to read all of it, markers unknown
      w.sink.flush = async () => {
        const routeWhole = w.written.at(-1) === 'LAST';
        await flush();
        if (!routeWhole) return;
        for (let i = 0; i < 400 && !w.into.route; i++) await new Promise((resolve) => setTimeout(resolve, 5));
        w.into.order.push(w.into.route ? 'route read after the flush' : 'route held back');
      };
      await writeReplayStream(await plan(viewer), w.sink, () => false);
      await w.ended;
      w.read.end();
      expect(w.into.order).toEqual(['route', 'route read after the flush', 'marks']);
      expect(w.written.slice(0, 3)).toEqual(['FRS1', 'HEAD', 'PART']);
      expect(w.written.slice(-2)).toEqual(['LAST', 'MARK']);
      expect(w.into.route!.length).toBe(f.positions);
    });

    it('tells a failure after the route in the answer', async () => {
      const w = watched();
      const tight = { ...(await plan(viewer)), max: 100 };
      await writeReplayStream(tight, w.sink, () => false);
      await w.ended;
      expect(w.written).toEqual(['FRS1', 'HEAD', 'FAIL']);
      expect(w.into.error).toBeInstanceOf(ApiError);
      expect(w.into.error).toMatchObject({ status: 400, body: tooManyMessage(100) });
    });

    it('stops when the client has gone', async () => {
      const w = watched();
      let gone = false;
      const flush = w.sink.flush;
      w.sink.flush = async () => {
        const routeWhole = w.written.at(-1) === 'LAST';
        await flush();
        if (routeWhole) gone = true;
      };
      await writeReplayStream(await plan(viewer), w.sink, () => gone);
      expect(w.written).not.toContain('MARK');
      expect(w.sink.body.destroyed).toBe(true);
    });
  });
});
