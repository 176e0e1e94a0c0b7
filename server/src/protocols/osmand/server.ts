import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { IngestSink, ProtocolLog } from '../types';
import { parseOsmandRequest } from './parse';

export interface OsmandListenOptions {
  /** 0 picks a free port (tests) */
  port: number;
  host?: string;
  sink: IngestSink;
  log: ProtocolLog;
}

export interface OsmandListener {
  port: number;
  /** open connections and requests being handled; both return to 0 when the phones are gone */
  stats(): { connections: number; requests: number };
  close(): Promise<void>;
}

/** Far above a batch of background-geolocation fixes; more is not a phone reporting its position. */
const MAX_BODY_BYTES = 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        // stop reading but keep the socket so the 413 reaches the client; it is closed after the answer
        req.pause();
        req.removeAllListeners('data');
        reject(new HttpError(413, 'request body too large'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    // the phone went away (or sent a broken body) before the request was complete: nothing to answer
    const incomplete = () => reject(new HttpError(400, 'request body incomplete'));
    req.on('error', incomplete);
    req.on('close', () => {
      if (!req.complete) incomplete();
    });
  });
}

function reply(res: ServerResponse, status: number, text = ''): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * The OsmAnd HTTP listener. 200 only after the sink committed the positions, so a phone app that gets
 * an error keeps the fix and sends it again; 400 for an unknown device or an unusable request.
 */
export async function startOsmand(options: OsmandListenOptions): Promise<OsmandListener> {
  const { sink, log } = options;
  const sockets = new Set<Socket>();
  /** the response being written on each connection (requests on one connection are answered in order) */
  const responding = new Map<Socket, { req: IncomingMessage; res: ServerResponse }>();
  let requests = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.setHeader('allow', 'GET, POST');
      throw new HttpError(405, 'method not allowed');
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://osmand.invalid');
    } catch {
      throw new HttpError(400, 'invalid request URL');
    }
    const body = await readBody(req);
    const parsed = parseOsmandRequest({
      query: url.searchParams,
      contentType: req.headers['content-type'],
      body,
    });
    if (!parsed.ok) throw new HttpError(400, parsed.reason);
    for (const uniqueId of new Set(parsed.positions.map((p) => p.uniqueId))) {
      if (!(await sink.isKnownDevice(uniqueId))) throw new HttpError(400, `unknown device ${uniqueId}`);
    }
    await sink.store(parsed.positions);
    reply(res, 200);
  }

  const server = createServer((req, res) => {
    requests++;
    const socket = req.socket;
    responding.set(socket, { req, res });
    res.once('close', () => {
      if (responding.get(socket)?.res === res) responding.delete(socket);
    });
    handle(req, res)
      .catch((error: unknown) => {
        if (error instanceof HttpError) {
          log.debug({ status: error.status, reason: error.message, url: req.url }, 'osmand request refused');
          if (error.status === 413) {
            res.setHeader('connection', 'close');
            res.on('finish', () => req.socket.destroy());
          }
          reply(res, error.status, error.message);
        } else {
          log.error({ err: error, url: req.url }, 'osmand request failed');
          reply(res, 500, 'not stored');
        }
      })
      .finally(() => requests--);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // Bytes that are not HTTP close the connection, but only after the answer to a request already being
  // handled (its fix may be stored by now) has gone out: the phone must learn that fix was accepted.
  server.on('clientError', (_error, socket) => {
    const current = responding.get(socket as Socket);
    // a request whose own bytes are broken was not stored: nothing to wait for
    if (!current?.req.complete) return socket.destroy();
    const close = () => socket.destroy();
    current.res.once('finish', close).once('close', close);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => log.error({ err: error }, 'osmand listener error'));

  return {
    port: (server.address() as AddressInfo).port,
    stats: () => ({ connections: sockets.size, requests }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
