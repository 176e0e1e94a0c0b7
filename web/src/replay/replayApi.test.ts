/**
 * The streamed replay call: the route is handed over while the rest of the answer is still on its way, and
 * a failure reported mid-answer rejects with the server's message. The network is a stubbed fetch whose
 * body the test releases piece by piece; the frames come from the server's own encoder.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  jsonFrame,
  magic,
  markFrame,
  PartSealer,
  RoutePart,
} from '../../../server/src/modules/replay/streamFrames';
import { ApiError } from '../api/client';
import { streamReplay } from './replayApi';

const EVENTS = ['start', 'stop', 'idle', 'fuel', 'speeding', 'pto'];
const PERIOD = { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' };

function route(n: number): Buffer[] {
  const p = new RoutePart(n);
  for (let i = 0; i < n; i++) {
    p.id[i] = i + 1;
    p.fixTime[i] = 1000 * i;
    p.latitude[i] = -8_800_000 - i;
    p.longitude[i] = 13_200_000 + i;
  }
  return [
    Buffer.concat([magic(), jsonFrame('HEAD', { length: n, events: EVENTS, device: null })]),
    new PartSealer().seal(p),
    jsonFrame('LAST', { length: n }),
  ];
}

/** A body the test writes into; fetch answers with it at once. */
function stubbedBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const asked: unknown[] = [];
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
    asked.push(JSON.parse(String(init?.body)));
    return new Response(body, { status: 200, headers: { 'Content-Type': 'application/octet-stream' } });
  });
  return {
    asked,
    send: (bytes: Buffer) => controller.enqueue(new Uint8Array(bytes)),
    end: () => controller.close(),
  };
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(done()).toBe(true);
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the streamed replay call', () => {
  it('hands the route over while its markers are still on the way', async () => {
    const net = stubbedBody();
    const seen: string[] = [];
    const call = streamReplay(7, PERIOD, {
      route: (r) => seen.push(`route ${r.length}`),
      marks: (m) => seen.push(`marks ${m.trips.length}`),
    });
    for (const frame of route(3)) net.send(frame);
    await until(() => seen.length > 0);
    expect(seen).toEqual(['route 3']);
    expect(net.asked).toEqual([{ devices: [7], ...PERIOD, mode: '', format: 'stream' }]);

    net.send(
      markFrame([], {
        speedLimit: new Float32Array(3),
        distance: new Float32Array(3),
        event: new Uint8Array(3),
      }),
    );
    net.end();
    await call;
    expect(seen).toEqual(['route 3', 'marks 0']);
  });

  it('rejects with the message of a failure reported after the route', async () => {
    const net = stubbedBody();
    const call = streamReplay(7, PERIOD, { route: () => undefined, marks: () => undefined });
    for (const frame of route(2)) net.send(frame);
    net.send(jsonFrame('FAIL', { status: 400, message: 'Demasiadas posições no período' }));
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ body: 'Demasiadas posições no período' });
  });

  it('rejects an answer that ends before its markers', async () => {
    const net = stubbedBody();
    const call = streamReplay(7, PERIOD, { route: () => undefined, marks: () => undefined });
    for (const frame of route(2)) net.send(frame);
    net.end();
    await expect(call).rejects.toThrow('broke off');
  });
});
