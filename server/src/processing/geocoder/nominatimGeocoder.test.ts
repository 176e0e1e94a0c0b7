import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_TIMEOUT_MS,
  createNominatimGeocoder,
  formatNominatimAddress,
  reverseNominatim,
  reverseUrl,
} from './nominatimGeocoder';
import { CANNED_JSONV2, answerJson, startNominatimStub, type NominatimStub } from './nominatimStub';
import { createOfflineGeocoder } from './offlineGeocoder';
import type { GeocoderLog } from './types';

const offline = createOfflineGeocoder({
  citiesFile: null,
  extraPlacesFile: null,
  extraPlaces: [{ name: 'Mutamba', city: 'Luanda', country: 'AO', lat: -8.8167, lon: 13.237 }],
});
const MUTAMBA = [-8.8165, 13.2375] as const;

let stub: NominatimStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

function recordingLog(): GeocoderLog & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info: () => undefined, warn: (_obj, msg) => warnings.push(msg ?? '') };
}

/** A port nothing listens on. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('formatNominatimAddress', () => {
  it('builds "road house_number, suburb, city"', () => {
    expect(formatNominatimAddress(CANNED_JSONV2.address)).toBe(
      'Avenida Comandante Valódia 12, Ingombota, Luanda',
    );
  });

  it('uses what the address has, without repeating a part', () => {
    expect(formatNominatimAddress({ road: 'Rua da Missão', city: 'Luanda' })).toBe('Rua da Missão, Luanda');
    expect(formatNominatimAddress({ house_number: '3', neighbourhood: 'Maculusso', town: 'Luanda' })).toBe(
      'Maculusso, Luanda',
    );
    expect(formatNominatimAddress({ pedestrian: 'Largo do Carmo', suburb: 'Lisboa', city: 'Lisboa' })).toBe(
      'Largo do Carmo, Lisboa',
    );
    expect(formatNominatimAddress({ village: 'Catete', country: 'Angola' })).toBe('Catete');
    expect(formatNominatimAddress({ state: 'Luanda', country: 'Angola', road: '  ' })).toBeNull();
  });
});

describe('reverseNominatim against a local server', () => {
  it('asks GET {url}/reverse in jsonv2, in Portuguese, with a User-Agent, and reads the address', async () => {
    stub = await startNominatimStub();
    const place = await reverseNominatim({ url: `${stub.url}/nominatim/` }, MUTAMBA[0], MUTAMBA[1]);
    expect(place).toEqual({
      address: 'Avenida Comandante Valódia 12, Ingombota, Luanda',
      roadLimit: undefined,
    });
    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request.path).toBe('/nominatim/reverse');
    expect(request.query.get('format')).toBe('jsonv2');
    expect(request.query.get('lat')).toBe('-8.8165');
    expect(request.query.get('lon')).toBe('13.2375');
    expect(request.query.get('accept-language')).toBe('pt');
    expect(request.query.get('extratags')).toBe('1');
    expect(request.userAgent).toMatch(/Frota/);
  });

  it('builds the request URL from a base with or without a trailing slash', () => {
    expect(reverseUrl({ url: 'https://geo.example/' }, 1.5, -2)).toBe(
      'https://geo.example/reverse?format=jsonv2&lat=1.5&lon=-2&accept-language=pt&extratags=1',
    );
    expect(reverseUrl({ url: 'https://geo.example' }, 1.5, -2)).toBe(
      reverseUrl({ url: 'https://geo.example/' }, 1.5, -2),
    );
  });

  it('answers null when the server has no address there', async () => {
    stub = await startNominatimStub(answerJson({ error: 'Unable to geocode' }));
    await expect(reverseNominatim({ url: stub.url }, -20, -10)).resolves.toEqual({
      address: null,
      roadLimit: undefined,
    });
  });

  it('rejects on an HTTP error, a body that is not JSON, and a timeout', async () => {
    stub = await startNominatimStub(answerJson({ error: 'busy' }, 503));
    await expect(reverseNominatim({ url: stub.url }, 0, 0)).rejects.toThrow(/503/);
    await stub.close();

    stub = await startNominatimStub((_req, res) => res.end('<html>'));
    await expect(reverseNominatim({ url: stub.url }, 0, 0)).rejects.toThrow();
    await stub.close();

    stub = await startNominatimStub(() => undefined); // never answers
    const started = performance.now();
    await expect(reverseNominatim({ url: stub.url, timeoutMs: 150 }, 0, 0)).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(1500);
    expect(DEFAULT_TIMEOUT_MS).toBe(2000);
  });
});

describe('createNominatimGeocoder', () => {
  it('answers from the server when it has an address', async () => {
    stub = await startNominatimStub();
    const geocoder = createNominatimGeocoder({ url: stub.url, offline });
    await expect(geocoder.lookup(...MUTAMBA)).resolves.toEqual({
      address: 'Avenida Comandante Valódia 12, Ingombota, Luanda',
      source: 'nominatim',
      fallback: false,
    });
  });

  it('answers offline, as a definitive answer, when the server has no address', async () => {
    stub = await startNominatimStub(answerJson({ error: 'Unable to geocode' }));
    const geocoder = createNominatimGeocoder({ url: stub.url, offline });
    await expect(geocoder.lookup(...MUTAMBA)).resolves.toEqual({
      address: 'Mutamba, Luanda, AO',
      source: 'offline',
      fallback: false,
    });
  });

  it('falls back to offline on a timeout, then skips the server for a while', async () => {
    stub = await startNominatimStub(() => undefined);
    let now = 1_000_000;
    const log = recordingLog();
    const geocoder = createNominatimGeocoder({
      url: stub.url,
      offline,
      timeoutMs: 150,
      retryAfterMs: 30_000,
      log,
      now: () => now,
    });
    await expect(geocoder.lookup(...MUTAMBA)).resolves.toEqual({
      address: 'Mutamba, Luanda, AO',
      source: 'offline',
      fallback: true,
    });
    expect(log.warnings).toHaveLength(1);
    expect(geocoder.suspended()).toBe(true);

    await expect(geocoder.lookup(...MUTAMBA)).resolves.toMatchObject({
      address: 'Mutamba, Luanda, AO',
      fallback: true,
    });
    expect(stub.requests).toHaveLength(1);

    now += 30_001;
    expect(geocoder.suspended()).toBe(false);
    await geocoder.lookup(...MUTAMBA);
    expect(stub.requests).toHaveLength(2);
  });

  it('falls back to offline when nothing listens at the URL, or the server errs', async () => {
    const refused = createNominatimGeocoder({ url: await closedPortUrl(), offline });
    await expect(refused.lookup(...MUTAMBA)).resolves.toEqual({
      address: 'Mutamba, Luanda, AO',
      source: 'offline',
      fallback: true,
    });

    stub = await startNominatimStub(answerJson({ error: 'oops' }, 500));
    const failing = createNominatimGeocoder({ url: stub.url, offline });
    await expect(failing.lookup(...MUTAMBA)).resolves.toMatchObject({
      address: 'Mutamba, Luanda, AO',
      fallback: true,
    });
  });

  it('does not ask the server about coordinates that are not on Earth', async () => {
    stub = await startNominatimStub();
    const geocoder = createNominatimGeocoder({ url: stub.url, offline });
    await expect(geocoder.lookup(Number.NaN, 0)).resolves.toMatchObject({ address: null });
    expect(stub.requests).toHaveLength(0);
  });
});
