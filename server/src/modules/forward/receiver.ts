/**
 * The receiver of one server: its token, the ingest it stores through and its counters. A forwarded
 * position goes the native records' way: the vehicle must be known and enabled (the ingest remembers the
 * unknown ids as it does for an unregistered tracker), then `ingest.store`, which resolves after the commit.
 * A vehicle's forwards run one after another, so the duplicate look-up and the store of one cannot
 * interleave with another's on this node (a retry racing its first attempt, a position and its event).
 */
import type { Db } from '../../db/database';
import { HttpError, notFound } from '../../errors';
import type { Ingest } from '../../processing/ingest';
import type { DecodedPosition } from '../../protocols/types';
import type { Services } from '../../services/context';
import { bearerMatches } from './bearerToken';
import { isStored } from './storedFix';

export const UNKNOWN_DEVICE = 'unknown or disabled device';

/** Traccar forwards every record of a vehicle Frota lacks: its refusal is logged once in this time. */
const UNKNOWN_LOG_INTERVAL_MS = 10 * 60_000;
const MAX_LOGGED_UNKNOWN = 1_000;

export interface ForwardStats {
  /** position forwards and event forwards accepted (token and body good) */
  positions: number;
  events: number;
  /** positions committed, retries and repeats answered without storing, events with no position */
  stored: number;
  duplicates: number;
  ignored: number;
  /** forwards refused: no vehicle with that uniqueId, or a disabled one (404) */
  unknownDevices: number;
  /** forwards refused for a missing or wrong token (401) */
  badTokens: number;
}

interface Log {
  info(obj: object, msg?: string): void;
}

export class TraccarReceiver {
  readonly stats: ForwardStats = {
    positions: 0,
    events: 0,
    stored: 0,
    duplicates: 0,
    ignored: 0,
    unknownDevices: 0,
    badTokens: 0,
  };
  private ingest: Ingest | undefined;
  private queues = new Map<string, Promise<unknown>>();
  private unknownLogged = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly token: string | undefined,
    private readonly log: Log,
  ) {}

  /** Without FROTA_FORWARD_TOKEN the receiver is off and its routes answer 404. */
  get enabled(): boolean {
    return Boolean(this.token);
  }

  attach(ingest: Ingest): void {
    this.ingest = ingest;
  }

  authorised(header: string | undefined): boolean {
    const ok = Boolean(this.token) && bearerMatches(header, this.token!);
    if (!ok) this.stats.badTokens++;
    return ok;
  }

  /** The ingest of a known, enabled vehicle; 404 otherwise (counted). */
  async accept(uniqueId: string): Promise<Ingest> {
    const ingest = this.ingest;
    if (!ingest) throw new HttpError(503, 'the position pipeline is not running yet');
    if (!(await ingest.isKnownDevice(uniqueId))) {
      this.stats.unknownDevices++;
      this.logUnknown(uniqueId);
      throw notFound(UNKNOWN_DEVICE);
    }
    return ingest;
  }

  /** Stores the position once; resolves after the commit. A failure rejects (the route answers 5xx). */
  store(ingest: Ingest, decoded: DecodedPosition): Promise<'stored' | 'duplicate'> {
    return this.serially(decoded.uniqueId, async () => {
      if (await isStored(this.db, decoded)) {
        this.stats.duplicates++;
        return 'duplicate';
      }
      await ingest.store([decoded]);
      this.stats.stored++;
      return 'stored';
    });
  }

  ignored(): void {
    this.stats.ignored++;
  }

  private logUnknown(uniqueId: string): void {
    const now = Date.now();
    if ((this.unknownLogged.get(uniqueId) ?? 0) > now) return;
    if (this.unknownLogged.size >= MAX_LOGGED_UNKNOWN) this.unknownLogged.clear();
    this.unknownLogged.set(uniqueId, now + UNKNOWN_LOG_INTERVAL_MS);
    this.log.info({ uniqueId }, 'traccar forward: unknown or disabled device');
  }

  private serially<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(key) ?? Promise.resolve()).then(work);
    const settled = run.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => this.queues.get(key) === settled && this.queues.delete(key));
    return run;
  }
}

/** One receiver per running server (tests run several in one process): found by the server's services. */
const receivers = new WeakMap<Services, TraccarReceiver>();

export function registerReceiver(services: Services, receiver: TraccarReceiver): void {
  receivers.set(services, receiver);
}

export function receiverOf(services: Services): TraccarReceiver | undefined {
  return receivers.get(services);
}
