/**
 * FROTA_REDIS_PREFIX (issue 24): every Redis channel and key of an installation starts with its prefix, so
 * two installations sharing one Redis neither hear each other's live messages nor share login counts.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { DEFAULT_REDIS_PREFIX, RedisBus, liveChannel } from '../../src/live/redisBus';
import type { LiveMessage } from '../../src/live/hub';
import { startTestServer } from '../harness';
import { Signal } from '../../src/protocols/testing/memorySink';

const redisUrl = process.env.FROTA_TEST_REDIS_URL;
if (!redisUrl) console.warn('skipped: Redis prefix tests need FROTA_TEST_REDIS_URL');

describe('FROTA_REDIS_PREFIX', () => {
  it('defaults to frota: (channel frota:live) and takes a prefix of name characters only', () => {
    expect(loadConfig({}).redisPrefix).toBe('frota:');
    expect(DEFAULT_REDIS_PREFIX).toBe('frota:');
    expect(liveChannel()).toBe('frota:live');
    expect(loadConfig({ FROTA_REDIS_PREFIX: 'frota-lda:' }).redisPrefix).toBe('frota-lda:');
    expect(liveChannel('frota-lda:')).toBe('frota-lda:live');
    expect(() => loadConfig({ FROTA_REDIS_PREFIX: 'a b*' })).toThrow(/FROTA_REDIS_PREFIX/);
  });
});

describe.skipIf(!redisUrl)('two installations on one Redis', () => {
  const tag = randomBytes(4).toString('hex');
  const buses: RedisBus[] = [];
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
  });

  it('do not hear each other on the bus; nodes of one installation do', async () => {
    const heard = new Map<string, string[]>();
    const arrived = new Signal();
    const hear = (node: string, what: string) => {
      heard.get(node)!.push(what);
      arrived.notify();
    };
    const bus = async (node: string, prefix: string) => {
      heard.set(node, []);
      const b = await RedisBus.connect(
        redisUrl!,
        node,
        {
          live: (m: LiveMessage) => hear(node, `live:${m.devices?.[0]?.id}`),
          change: (c) => hear(node, `change:${c}`),
        },
        { prefix },
      );
      buses.push(b);
      return b;
    };
    const a1 = await bus('a1', `a-${tag}:`);
    const a2 = await bus('a2', `a-${tag}:`);
    const b1 = await bus('b1', `b-${tag}:`);
    const b2 = await bus('b2', `b-${tag}:`);
    expect(a1.channel).toBe(`a-${tag}:live`);
    expect(b1.channel).toBe(`b-${tag}:live`);

    a1.publishLive({ devices: [{ id: 1 }] });
    a1.publishChange('devices');
    b1.publishLive({ devices: [{ id: 2 }] });
    b1.publishChange('users');
    const has = (node: string, what: string) => heard.get(node)!.includes(what);
    await arrived.until(() => has('a2', 'change:devices') && has('b2', 'change:users'), 'a2 and b2 to hear');
    // Redis hands a message to every subscriber when it runs the PUBLISH, in order, and each connection
    // keeps that order: once a node hears a barrier published after the messages above, it would have
    // heard them too. Each node hears a barrier from the other node of its installation.
    a2.publishLive({ devices: [{ id: 10 }] });
    b2.publishLive({ devices: [{ id: 20 }] });
    a1.publishLive({ devices: [{ id: 11 }] });
    b1.publishLive({ devices: [{ id: 21 }] });
    await arrived.until(
      () => has('a1', 'live:10') && has('b1', 'live:20') && has('a2', 'live:11') && has('b2', 'live:21'),
      'every barrier',
    );
    expect(heard.get('a2')).toEqual(['live:1', 'change:devices', 'live:11']);
    expect(heard.get('b2')).toEqual(['live:2', 'change:users', 'live:21']);
    // a node does not hear itself, nor the other installation (only its barrier)
    expect(heard.get('a1')).toEqual(['live:10']);
    expect(heard.get('b1')).toEqual(['live:20']);
  });

  it('a server subscribes to its prefixed channel and keeps its login counts under its prefix', async () => {
    const prefix = `t-${tag}:`;
    const server = await startTestServer('sqlite', {
      FROTA_REDIS_URL: redisUrl!,
      FROTA_REDIS_PREFIX: prefix,
    });
    const redis = new Redis(redisUrl!);
    try {
      expect(await redis.pubsub('CHANNELS', `${prefix}*`)).toEqual([`${prefix}live`]);
      const failed = await server.client().login('admin@frota.local', 'wrong-password');
      expect(failed.status).toBe(401);
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((k) => k.startsWith(`${prefix}login:`))).toBe(true);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
      await server.close();
    }
  });
});
