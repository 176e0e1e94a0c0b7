/** One representation for both dialects: conversions between rows and JSON values. */
import type { Dialect } from './database';

export const toBool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't';

export function fromBool(dialect: Dialect, v: boolean | undefined | null): number | boolean {
  return dialect === 'sqlite' ? (v ? 1 : 0) : Boolean(v);
}

export function parseJson(v: unknown): Record<string, unknown> {
  if (v == null || v === '') return {};
  if (typeof v === 'object') return v as Record<string, unknown>;
  try {
    const parsed = JSON.parse(String(v));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

export const toJson = (v: Record<string, unknown> | undefined | null): string => JSON.stringify(v ?? {});

export const toIso = (ms: number | null | undefined): string | null =>
  ms == null ? null : new Date(Number(ms)).toISOString();

export function fromIso(v: string | number | Date | null | undefined): number | null {
  if (v == null || v === '') return null;
  const ms = v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(v);
  return Number.isFinite(ms) ? ms : null;
}
