/**
 * The zip of chosen tachograph files, built in memory with fflate (the download is bounded by the files'
 * 5 MB limit and the selection's total), and entry names made unique within one archive.
 */
import { zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
  /** modification time, epoch ms */
  time?: number;
}

/** The archive's bytes; names are stored as given (UTF-8). */
export function buildZip(entries: readonly ZipEntry[], now = Date.now()): Buffer {
  const files: Zippable = {};
  for (const entry of entries) files[entry.name] = [entry.bytes, { mtime: new Date(entry.time ?? now) }];
  return Buffer.from(zipSync(files, { level: 6 }));
}

/** Names unique within one archive: a repeated name gets ` (2)`, ` (3)`… before its extension. */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}
