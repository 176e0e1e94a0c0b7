/**
 * Files a camera was sending when its connection broke, kept in memory per IMEI and file so the next
 * connection resumes from the first missing packet (RESUME n) instead of sending everything again. A partial
 * is forgotten after `ttlMs` without progress, when its file is complete, or when the camera starts a
 * different file under the same name (another packet count or capture time). Whole files only leave through
 * the session: nothing here is ever stored.
 *
 * Bounded (issue 33): IMEIs are no secret, so anyone may start uploads for a known one and walk away. The
 * bytes held per IMEI are capped (by default one file of the largest size the listener accepts): a camera
 * going past it first loses its other partials, oldest first, and when the file alone would pass it the
 * upload is refused. All partials together are capped too: past that, the partials that made no progress
 * for the longest are dropped. A dropped partial is marked so a session still writing to it stops.
 */

export interface PartialFile {
  imei: string;
  file: string;
  /** START's packet count */
  packets: number;
  /** capture time from the metadata, when it came: tells a new file under the same name from this one */
  time?: number;
  /** received packets in order (1-based packet n is chunks[n - 1]) */
  chunks: Buffer[];
  /** crcs[n - 1] is the chained CRC after packet n */
  crcs: number[];
  touchedAt: number;
  /** bytes in chunks */
  bytes: number;
  /** forgotten here (time to live, a cap, replaced): its session may not add to it */
  dropped?: boolean;
}

export type DropReason = 'idle' | 'device cap' | 'total cap' | 'replaced';

export interface PartialLimits {
  /** bytes held per IMEI over all its partial files (default 100 MiB: one file of the largest size) */
  maxBytesPerDevice?: number;
  /** bytes held over every partial file (default 256 MiB) */
  maxBytes?: number;
  /** told of each partial dropped before it was complete, with the reason and the bytes it held */
  onDrop?: (partial: PartialFile, reason: DropReason, bytes: number) => void;
}

export const DEFAULT_PARTIAL_TTL_MS = 10 * 60_000;
export const DEFAULT_PARTIAL_BYTES_PER_DEVICE = 100 * 1024 * 1024;
export const DEFAULT_PARTIAL_BYTES = 256 * 1024 * 1024;

export class PartialFiles {
  private files = new Map<string, PartialFile>();
  private held = 0;
  private perDevice = new Map<string, number>();
  readonly maxBytesPerDevice: number;
  readonly maxBytes: number;

  constructor(
    readonly ttlMs = DEFAULT_PARTIAL_TTL_MS,
    private now: () => number = Date.now,
    private limits: PartialLimits = {},
  ) {
    this.maxBytesPerDevice = limits.maxBytesPerDevice ?? DEFAULT_PARTIAL_BYTES_PER_DEVICE;
    this.maxBytes = limits.maxBytes ?? DEFAULT_PARTIAL_BYTES;
  }

  get size(): number {
    return this.files.size;
  }

  /** Bytes held over every partial file. */
  get bytes(): number {
    return this.held;
  }

  /** Bytes held for one IMEI. */
  bytesOf(imei: string): number {
    return this.perDevice.get(imei) ?? 0;
  }

  /** Forgets the partials that made no progress for the time to live. */
  sweep(): void {
    const limit = this.now() - this.ttlMs;
    for (const f of [...this.files.values()]) if (f.touchedAt < limit) this.drop(f, 'idle');
  }

  /**
   * The partial of this file to continue (same packet count and capture time), or a fresh one replacing
   * whatever was kept under that name.
   */
  open(imei: string, file: string, packets: number, time?: number): PartialFile {
    this.sweep();
    const key = `${imei}:${file}`;
    const kept = this.files.get(key);
    if (kept && kept.packets === packets && kept.time === time && kept.chunks.length < packets) {
      kept.touchedAt = this.now();
      return kept;
    }
    if (kept) this.drop(kept, 'replaced');
    const fresh: PartialFile = {
      imei,
      file,
      packets,
      time,
      chunks: [],
      crcs: [],
      touchedAt: this.now(),
      bytes: 0,
    };
    this.files.set(key, fresh);
    return fresh;
  }

  /**
   * Adds the next packet, making room under the caps (the device's other partials first, then the
   * partials idle the longest). False when it cannot be held: the partial was dropped, or this file alone
   * would pass the device's cap; the caller gives the upload up.
   */
  append(partial: PartialFile, bytes: Buffer, crc: number): boolean {
    if (partial.dropped) return false;
    if (partial.bytes + bytes.length > this.maxBytesPerDevice) return false;
    const byAge = () => [...this.files.values()].sort((a, b) => a.touchedAt - b.touchedAt);
    if (this.bytesOf(partial.imei) + bytes.length > this.maxBytesPerDevice)
      for (const other of byAge()) {
        if (this.bytesOf(partial.imei) + bytes.length <= this.maxBytesPerDevice) break;
        if (other !== partial && other.imei === partial.imei) this.drop(other, 'device cap');
      }
    if (this.held + bytes.length > this.maxBytes)
      for (const other of byAge()) {
        if (this.held + bytes.length <= this.maxBytes) break;
        if (other !== partial) this.drop(other, 'total cap');
      }
    if (this.held + bytes.length > this.maxBytes) return false;
    partial.chunks.push(bytes);
    partial.crcs.push(crc);
    this.count(partial, bytes.length);
    partial.touchedAt = this.now();
    return true;
  }

  /** Keeps the first `packets` packets (the camera resends from there). */
  truncate(partial: PartialFile, packets: number): void {
    if (partial.dropped) return;
    const removed = partial.chunks.splice(packets);
    partial.crcs.length = Math.min(partial.crcs.length, packets);
    this.count(partial, -removed.reduce((n, c) => n + c.length, 0));
  }

  touch(partial: PartialFile): void {
    partial.touchedAt = this.now();
  }

  /** The file is complete (or given up): no longer held, not a drop. */
  forget(partial: PartialFile): void {
    this.remove(partial);
  }

  clear(): void {
    for (const f of this.files.values()) Object.assign(f, { dropped: true, chunks: [], crcs: [], bytes: 0 });
    this.files.clear();
    this.perDevice.clear();
    this.held = 0;
  }

  private drop(partial: PartialFile, reason: DropReason): void {
    const bytes = partial.bytes;
    if (!this.remove(partial)) return;
    this.limits.onDrop?.(partial, reason, bytes);
  }

  private remove(partial: PartialFile): boolean {
    const key = `${partial.imei}:${partial.file}`;
    if (this.files.get(key) !== partial) return false;
    this.files.delete(key);
    this.count(partial, -partial.bytes);
    partial.dropped = true;
    // released now, even while a session still holds the object
    partial.chunks = [];
    partial.crcs = [];
    return true;
  }

  private count(partial: PartialFile, delta: number): void {
    partial.bytes += delta;
    this.held += delta;
    const device = (this.perDevice.get(partial.imei) ?? 0) + delta;
    if (device > 0) this.perDevice.set(partial.imei, device);
    else this.perDevice.delete(partial.imei);
  }
}
