/**
 * Files a camera was sending when its connection broke, kept in memory per IMEI and file so the next
 * connection resumes from the first missing packet (RESUME n) instead of sending everything again. A partial
 * is forgotten after `ttlMs` without progress, when its file is complete, or when the camera starts a
 * different file under the same name (another packet count or capture time). Whole files only leave through
 * the session: nothing here is ever stored.
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
}

export class PartialFiles {
  private files = new Map<string, PartialFile>();

  constructor(
    private ttlMs = 30 * 60_000,
    private now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.files.size;
  }

  /** Bytes held over every partial file. */
  get bytes(): number {
    let total = 0;
    for (const f of this.files.values()) for (const c of f.chunks) total += c.length;
    return total;
  }

  /** Forgets the partials that made no progress for the time to live. */
  sweep(): void {
    const limit = this.now() - this.ttlMs;
    for (const [key, f] of this.files) if (f.touchedAt < limit) this.files.delete(key);
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
    const fresh: PartialFile = { imei, file, packets, time, chunks: [], crcs: [], touchedAt: this.now() };
    this.files.set(key, fresh);
    return fresh;
  }

  touch(partial: PartialFile): void {
    partial.touchedAt = this.now();
  }

  forget(partial: PartialFile): void {
    const key = `${partial.imei}:${partial.file}`;
    if (this.files.get(key) === partial) this.files.delete(key);
  }

  clear(): void {
    this.files.clear();
  }
}
