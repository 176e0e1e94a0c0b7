/**
 * Cross-node broadcast over Redis pub/sub (FROTA_REDIS_URL): a position decoded on node A reaches sockets
 * on node B, and a change made through node A's API refreshes node B's caches and socket scopes. The
 * channel is `<FROTA_REDIS_PREFIX>live`: installations sharing one Redis with different prefixes stay apart.
 */
import { Redis } from 'ioredis';
import type { LiveMessage } from './hub';

/** The default prefix of every Redis channel and key (FROTA_REDIS_PREFIX). */
export const DEFAULT_REDIS_PREFIX = 'frota:';

/** The live channel of an installation. */
export const liveChannel = (prefix = DEFAULT_REDIS_PREFIX) => `${prefix}live`;

type Envelope = { node: string } & (
  { kind: 'live'; message: LiveMessage } | { kind: 'change'; change: string }
);

export interface BusHandlers {
  live(message: LiveMessage): void;
  change(change: string): void;
}

export class RedisBus {
  private pub: Redis;
  private sub: Redis;

  /** the pub/sub channel of this installation */
  readonly channel: string;

  private constructor(
    url: string,
    private node: string,
    private handlers: BusHandlers,
    prefix: string,
  ) {
    this.channel = liveChannel(prefix);
    const options = { maxRetriesPerRequest: null, lazyConnect: true };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
  }

  static async connect(
    url: string,
    node: string,
    handlers: BusHandlers,
    options: { prefix?: string } = {},
  ): Promise<RedisBus> {
    const bus = new RedisBus(url, node, handlers, options.prefix ?? DEFAULT_REDIS_PREFIX);
    await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    bus.sub.on('message', (channel, raw: string) => {
      if (channel === bus.channel) bus.receive(raw);
    });
    await bus.sub.subscribe(bus.channel);
    return bus;
  }

  private receive(raw: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (envelope.node === this.node) return;
    if (envelope.kind === 'live') this.handlers.live(envelope.message);
    else this.handlers.change(envelope.change);
  }

  publishLive(message: LiveMessage): void {
    void this.pub
      .publish(this.channel, JSON.stringify({ node: this.node, kind: 'live', message }))
      .catch(() => undefined);
  }

  publishChange(change: string): void {
    void this.pub
      .publish(this.channel, JSON.stringify({ node: this.node, kind: 'change', change }))
      .catch(() => undefined);
  }

  async close(): Promise<void> {
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
