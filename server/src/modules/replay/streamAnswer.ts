/**
 * The streamed replay answer (format `stream`, streamFrames.ts): the route first, read on its own and
 * written part by part while it is read, each part flushed through the compressor; then the detectors'
 * pass for its markers, limits, steps and trips. Between reads the event loop runs, so the compressor and
 * the socket send what is written while the database is still read, and other requests are answered.
 *
 * The answer is compressed here rather than by the edge's compression (which would hold back the route's
 * last bytes until the answer ends): brotli or gzip as the client accepts, flushed part by part.
 */
import { PassThrough, type Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors';
import { EVENTS } from './positionColumns';
import { deviceBlock, readReplay, type ReplayPlan } from './replay';
import { readRoute } from './routeRead';
import { routeMarks } from './routeMarks';
import { jsonFrame, magic, markFrame, PartSealer } from './streamFrames';

export type StreamEncoding = 'br' | 'gzip' | 'identity';

/**
 * Brotli's quality and window: the route of a week (20 MB) to 650 kB in a twentieth of a second. A small
 * window keeps each part's flush cheap.
 */
const BROTLI = { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 };
const GZIP_LEVEL = 4;

/** The encoding of an Accept-Encoding header: brotli, else gzip, else none. */
export function streamEncoding(accept: string | undefined): StreamEncoding {
  const weights = new Map<string, number>();
  for (const item of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = item.split(';').map((part) => part.trim());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : 'identity';
}

/** Where the frames go: the response body, through a compressor that can be flushed. */
export interface StreamSink {
  readonly body: Readable;
  write(frame: Buffer): void;
  /** resolves once what was written has left the compressor (the client can read it) */
  flush(): Promise<void>;
  end(): void;
}

export function streamSink(encoding: StreamEncoding): StreamSink {
  if (encoding === 'identity') {
    const body = new PassThrough();
    return { body, write: (frame) => body.write(frame), flush: async () => undefined, end: () => body.end() };
  }
  const body =
    encoding === 'br' ? createBrotliCompress({ params: BROTLI }) : createGzip({ level: GZIP_LEVEL });
  return {
    body,
    write: (frame) => body.write(frame),
    flush: () => new Promise((resolve) => body.flush(() => resolve())),
    end: () => body.end(),
  };
}

class Closed extends Error {}

/**
 * Writes the plan's answer into the sink and ends it. `closed` tells that the client went away: the
 * reading stops at the next chunk. A failure after the first byte is written as a FAIL frame.
 */
export async function writeReplayStream(
  plan: ReplayPlan,
  sink: StreamSink,
  closed: () => boolean,
  log?: FastifyBaseLogger,
): Promise<void> {
  const between = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    if (closed()) throw new Closed();
  };
  try {
    const head = { length: plan.count, events: EVENTS, device: deviceBlock(plan.vehicle) };
    sink.write(magic());
    sink.write(jsonFrame('HEAD', head));
    const sealer = new PartSealer();
    // each part is flushed: the client decodes the route while it is read
    const route = await readRoute(
      plan,
      (part) => {
        sink.write(sealer.seal(part));
        void sink.flush();
      },
      between,
    );
    sink.write(jsonFrame('LAST', { length: route.length }));
    await sink.flush();
    await between();
    const data = await readReplay(plan, { maxId: route.max, between });
    const marks = routeMarks(route, data);
    sink.write(markFrame(marks.trips, marks));
  } catch (error) {
    if (error instanceof Closed || closed()) {
      sink.body.destroy();
      return;
    }
    const status = error instanceof HttpError ? error.statusCode : 500;
    if (status >= 500) log?.error({ err: error }, 'replay stream failed');
    const message = error instanceof HttpError ? error.message : 'Internal Server Error';
    sink.write(jsonFrame('FAIL', { status, message }));
  }
  sink.end();
}

/** Answers the plan as a stream: the headers at once, the frames as they are made. */
export function sendReplayStream(req: FastifyRequest, reply: FastifyReply, plan: ReplayPlan) {
  const encoding =
    req.headers['x-no-compression'] === undefined
      ? streamEncoding(req.headers['accept-encoding'])
      : 'identity';
  const sink = streamSink(encoding);
  let closed = false;
  reply.raw.on('close', () => (closed = true));
  sink.body.on('error', () => (closed = true));
  reply.type('application/octet-stream').header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  void writeReplayStream(plan, sink, () => closed, req.log);
  return reply.send(sink.body);
}
