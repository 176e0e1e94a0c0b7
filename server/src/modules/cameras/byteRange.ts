/**
 * HTTP range requests (RFC 9110 §14) for media, so a browser can seek in a video: one `bytes=` range is
 * served as 206; several ranges, other units or a malformed header are ignored (the whole file, 200); a
 * range starting past the end is unsatisfiable (416).
 */

export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' };
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const last = m[2] === '' ? size - 1 : Number(m[2]);
  return { kind: 'partial', start, end: Math.min(last, size - 1) };
}
