/** A local Nominatim stand-in for the tests: records each request and answers as the test decides. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  path: string;
  query: URLSearchParams;
  userAgent: string | undefined;
}

export type StubHandler = (req: IncomingMessage, res: ServerResponse, request: StubRequest) => void;

export interface NominatimStub {
  url: string;
  requests: StubRequest[];
  /** most requests open at once */
  peakConcurrent: number;
  close(): Promise<void>;
}

/** A canned jsonv2 reverse answer (shape as nominatim.openstreetmap.org returns it). */
export const CANNED_JSONV2 = {
  place_id: 123456,
  licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
  osm_type: 'way',
  osm_id: 987654,
  lat: '-8.8163',
  lon: '13.2374',
  category: 'highway',
  type: 'primary',
  place_rank: 26,
  importance: 0.1,
  addresstype: 'road',
  name: 'Avenida Comandante Valódia',
  display_name: 'Avenida Comandante Valódia, Ingombota, Luanda, Angola',
  address: {
    house_number: '12',
    road: 'Avenida Comandante Valódia',
    suburb: 'Ingombota',
    city: 'Luanda',
    state: 'Luanda',
    'ISO3166-2-lvl4': 'AO-LUA',
    country: 'Angola',
    country_code: 'ao',
  },
  boundingbox: ['-8.8170', '-8.8150', '13.2360', '13.2390'],
};

export const answerJson =
  (body: unknown, status = 200): StubHandler =>
  (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

export async function startNominatimStub(
  handler: StubHandler = answerJson(CANNED_JSONV2),
): Promise<NominatimStub> {
  let open = 0;
  const stub: NominatimStub = {
    url: '',
    requests: [],
    peakConcurrent: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const request = { path: url.pathname, query: url.searchParams, userAgent: req.headers['user-agent'] };
    stub.requests.push(request);
    open++;
    stub.peakConcurrent = Math.max(stub.peakConcurrent, open);
    let counted = true;
    const done = () => {
      if (counted) open--;
      counted = false;
    };
    res.on('finish', done);
    res.on('close', done);
    handler(req, res, request);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}
