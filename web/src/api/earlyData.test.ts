import { describe, expect, it } from 'vitest';
import { dropEarlyData, primeEarlyData, takeEarly } from './earlyData';

const paths = { devices: () => '/api/devices', positions: () => '/api/positions' };

/** A server stand-in that answers each path with its name and counts the requests. */
function recorder() {
  const asked: string[] = [];
  return {
    asked,
    fetchPath: (path: string) => {
      asked.push(path);
      return Promise.resolve(`answer ${path}`);
    },
  };
}

describe('early reference data', () => {
  it('fetches every list at once and hands each answer to one query only', async () => {
    const server = recorder();
    primeEarlyData(paths, 1000, server.fetchPath);
    expect(server.asked).toEqual(['/api/devices', '/api/positions']);
    let fetched = 0;
    const fresh = () => Promise.resolve(`fresh ${++fetched}`);
    expect(await takeEarly('devices', fresh, 1500)).toBe('answer /api/devices');
    expect(await takeEarly('devices', fresh, 1600)).toBe('fresh 1');
    expect(await takeEarly('groups', fresh, 1600)).toBe('fresh 2');
  });

  it('drops answers nobody took in time, and all of them when the session ends', async () => {
    const server = recorder();
    primeEarlyData(paths, 1000, server.fetchPath);
    const fresh = () => Promise.resolve('fresh');
    expect(await takeEarly('devices', fresh, 1000 + 25_000)).toBe('fresh');
    expect(await takeEarly('positions', fresh, 1100)).toBe('answer /api/positions');
    primeEarlyData(paths, 2000, server.fetchPath);
    dropEarlyData();
    expect(await takeEarly('positions', fresh, 2100)).toBe('fresh');
  });

  it('keeps a failed early answer for its query without an unhandled rejection', async () => {
    primeEarlyData({ devices: () => '/api/devices' }, 1000, () => Promise.reject(new Error('401')));
    await expect(takeEarly('devices', () => Promise.resolve('fresh'), 1100)).rejects.toThrow('401');
  });
});
