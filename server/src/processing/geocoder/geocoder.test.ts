import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheKey, createGeocoder } from './geocoder';
import {
  answerJson,
  CANNED_JSONV2,
  startNominatimStub,
  type NominatimStub,
  type StubHandler,
} from './nominatimStub';
import { createOfflineGeocoder } from './offlineGeocoder';

const offline = createOfflineGeocoder({
  citiesFile: null,
  extraPlacesFile: null,
  extraPlaces: [
    { name: 'Mutamba', city: 'Luanda', country: 'AO', lat: -8.8167, lon: 13.237 },
    { name: 'Viana', country: 'AO', lat: -8.9035, lon: 13.374 },
  ],
});
const REMOTE = 'Avenida Comandante Valódia 12, Ingombota, Luanda';

let stub: NominatimStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

/**
 * Holds every request open until release() is called; from then on answers the held ones and every later
 * one at once. `whenHeld(n)` resolves once n requests are held (at their arrival, no polling).
 */
function heldAnswers(): {
  handler: StubHandler;
  release: () => void;
  held: () => number;
  whenHeld: (n: number) => Promise<void>;
} {
  const waiting: (() => void)[] = [];
  let released = false;
  const watchers = new Set<() => void>();
  return {
    handler: (req, res, request) => {
      const answer = () => answerJson(CANNED_JSONV2)(req, res, request);
      if (released) return answer();
      waiting.push(answer);
      for (const watch of [...watchers]) watch();
    },
    release: () => {
      released = true;
      waiting.splice(0).forEach((answer) => answer());
    },
    held: () => waiting.length,
    whenHeld: (n) =>
      new Promise((resolve) => {
        const watch = () => {
          if (waiting.length < n) return;
          watchers.delete(watch);
          resolve();
        };
        watchers.add(watch);
        watch();
      }),
  };
}

describe('createGeocoder without a URL', () => {
  it('answers offline, synchronously too', async () => {
    const geocoder = createGeocoder({ offline });
    await expect(geocoder.lookup(-8.8165, 13.2375)).resolves.toBe('Mutamba, Luanda, AO');
    expect(geocoder.lookupSync(-8.8, 13.5)).toMatch(/^\d+ km NE de Viana, AO$/);
    expect(geocoder.lookupSync(Number.NaN, 1)).toBeNull();
    await expect(geocoder.lookup(1, 500)).resolves.toBeNull();
  });

  it('uses the process-wide world index by default', async () => {
    const geocoder = createGeocoder();
    await geocoder.warmUp();
    expect(geocoder.lookupSync(38.7076, -9.1365)).toMatch(/^(Lisboa|Lisbon), PT$/);
  });
});

describe('createGeocoder with a Nominatim URL', () => {
  it('answers from the server, and a second lookup of the spot does not reach it', async () => {
    stub = await startNominatimStub();
    const geocoder = createGeocoder({ url: stub.url, offline });
    await expect(geocoder.lookup(-8.8165, 13.2375)).resolves.toBe(REMOTE);
    await expect(geocoder.lookup(-8.8165, 13.2375)).resolves.toBe(REMOTE);
    // same spot once rounded to 4 decimals (~11 m)
    await expect(geocoder.lookup(-8.81648, 13.23751)).resolves.toBe(REMOTE);
    expect(stub.requests).toHaveLength(1);
    expect(geocoder.lookupSync(-8.8165, 13.2375)).toBe(REMOTE);
    await geocoder.lookup(-8.8175, 13.2375);
    expect(stub.requests).toHaveLength(2);
    expect(geocoder.stats()).toMatchObject({ cached: 2, remoteLookups: 2, fallbacks: 0 });
  });

  it('caches "the server has nothing here" too', async () => {
    stub = await startNominatimStub(answerJson({ error: 'Unable to geocode' }));
    const geocoder = createGeocoder({ url: stub.url, offline });
    await expect(geocoder.lookup(-8.8165, 13.2375)).resolves.toBe('Mutamba, Luanda, AO');
    await geocoder.lookup(-8.8165, 13.2375);
    expect(stub.requests).toHaveLength(1);
  });

  it('evicts the least recently used spot beyond the cache size', async () => {
    stub = await startNominatimStub();
    const geocoder = createGeocoder({ url: stub.url, offline, cacheSize: 2 });
    await geocoder.lookup(1, 1);
    await geocoder.lookup(2, 2);
    await geocoder.lookup(1, 1);
    await geocoder.lookup(3, 3); // evicts (2, 2)
    await geocoder.lookup(1, 1);
    expect(stub.requests).toHaveLength(3);
    await geocoder.lookup(2, 2);
    expect(stub.requests).toHaveLength(4);
  });

  it('shares one request between concurrent lookups of one spot', async () => {
    stub = await startNominatimStub();
    const geocoder = createGeocoder({ url: stub.url, offline });
    const answers = await Promise.all(Array.from({ length: 20 }, () => geocoder.lookup(-8.8165, 13.2375)));
    expect(new Set(answers)).toEqual(new Set([REMOTE]));
    expect(stub.requests).toHaveLength(1);
  });

  it('runs at most maxConcurrent remote requests at once, the rest wait their turn', async () => {
    const held = heldAnswers();
    stub = await startNominatimStub(held.handler);
    const geocoder = createGeocoder({ url: stub.url, offline, maxConcurrent: 3 });
    const lookups = Array.from({ length: 10 }, (_, i) => geocoder.lookup(-8 - i * 0.01, 13));
    await held.whenHeld(3);
    expect(held.held()).toBe(3);
    // clock: a window for a fourth request to arrive; none is sent while three are held (that is the
    // point), and requests on different connections have no order to wait on
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.requests).toHaveLength(3);
    held.release();
    expect(new Set(await Promise.all(lookups))).toEqual(new Set([REMOTE]));
    expect(stub.requests).toHaveLength(10);
    expect(stub.peakConcurrent).toBe(3);
  });

  it('answers offline at once, uncached, when every slot is busy and the queue is full', async () => {
    const held = heldAnswers();
    stub = await startNominatimStub(held.handler);
    const geocoder = createGeocoder({ url: stub.url, offline, maxConcurrent: 1, maxQueued: 1 });
    const first = geocoder.lookup(-8.8165, 13.2375);
    const queued = geocoder.lookup(-8.9, 13.3);
    await expect(geocoder.lookup(-8.9035, 13.374)).resolves.toBe('Viana, AO');
    await held.whenHeld(1);
    expect(held.held()).toBe(1);
    held.release();
    await expect(first).resolves.toBe(REMOTE);
    await expect(queued).resolves.toBe(REMOTE);
    await expect(geocoder.lookup(-8.9035, 13.374)).resolves.toBe(REMOTE);
    expect(geocoder.stats().fallbacks).toBe(1);
  });

  it('falls back to offline when the server times out, and asks again later', async () => {
    // the pause after a failure is read from Date: the test moves it instead of waiting it out
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      stub = await startNominatimStub(() => undefined);
      const geocoder = createGeocoder({ url: stub.url, offline, timeoutMs: 150, retryAfterMs: 100 });
      await expect(geocoder.lookup(-8.8165, 13.2375)).resolves.toBe('Mutamba, Luanda, AO');
      expect(stub.requests).toHaveLength(1);
      // during the pause: answered offline without asking
      vi.setSystemTime(Date.now() + 99);
      await expect(geocoder.lookup(-8.8165, 13.2375)).resolves.toBe('Mutamba, Luanda, AO');
      expect(stub.requests).toHaveLength(1);
      vi.setSystemTime(Date.now() + 1);
      // the fallback was not cached: the server is asked again once the pause is over
      await expect(geocoder.lookup(-8.8165, 13.2375)).resolves.toBe('Mutamba, Luanda, AO');
      expect(stub.requests).toHaveLength(2);
      expect(geocoder.stats().fallbacks).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lookupSync never waits on the server and does not cache the offline answer', async () => {
    stub = await startNominatimStub();
    const geocoder = createGeocoder({ url: stub.url, offline });
    expect(geocoder.lookupSync(-8.8165, 13.2375)).toBe('Mutamba, Luanda, AO');
    expect(stub.requests).toHaveLength(0);
    await expect(geocoder.lookup(-8.8165, 13.2375)).resolves.toBe(REMOTE);
    expect(geocoder.lookupSync(-8.8165, 13.2375)).toBe(REMOTE);
  });

  it('measures lookup times (printed, not asserted)', async () => {
    stub = await startNominatimStub();
    const geocoder = createGeocoder({ url: stub.url, offline, maxConcurrent: 8 });
    const n = 500;
    let start = performance.now();
    await Promise.all(Array.from({ length: n }, (_, i) => geocoder.lookup(-8 - i * 0.001, 13)));
    const remoteMs = performance.now() - start;
    start = performance.now();
    for (let round = 0; round < 20; round++)
      for (let i = 0; i < n; i++) await geocoder.lookup(-8 - i * 0.001, 13);
    const cachedMicros = ((performance.now() - start) * 1000) / (n * 20);
    expect(stub.requests).toHaveLength(n);
    console.log(
      JSON.stringify({
        geocoder: {
          localNominatimLookups: n,
          localNominatimTotalMs: Math.round(remoteMs),
          cachedLookupMicros: +cachedMicros.toFixed(2),
        },
      }),
    );
  });
});

describe('cacheKey', () => {
  it('is one key per spot of 4 decimals, and different spots never share one', () => {
    expect(cacheKey(-8.81648, 13.23751)).toBe(cacheKey(-8.8165, 13.2375));
    expect(cacheKey(-8.81652, 13.23749)).toBe(cacheKey(-8.8165, 13.2375));
    expect(cacheKey(38.7, -9.1)).toBe(cacheKey(38.70001, -9.10004));
    expect(cacheKey(-8.8165, 13.2375)).not.toBe(cacheKey(-8.8166, 13.2375));
    expect(cacheKey(-8.8165, 13.2375)).not.toBe(cacheKey(-8.8165, 13.2376));
    // a latitude step is never the same key as a longitude step, to the ends of the world
    const corners = [-90, 0, 90].flatMap((lat) =>
      [-180, -179.9999, 0, 179.9999, 180].map((lon) => cacheKey(lat, lon)),
    );
    expect(new Set(corners).size).toBe(corners.length);
    expect(cacheKey(-89.9999, -180)).not.toBe(cacheKey(-90, 180));
    expect(Number.isSafeInteger(cacheKey(90, 180)) && Number.isSafeInteger(cacheKey(-90, -180))).toBe(true);
  });
});
