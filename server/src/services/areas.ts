/** Zone area text check (WKT of document 1 §3: CIRCLE, POLYGON, LINESTRING with latitude first). */
const AREA = /^\s*(CIRCLE\s*\(\s*-?[\d.]+\s+-?[\d.]+\s*,\s*[\d.]+\s*\)|POLYGON\s*\(\(.+\)\)|LINESTRING\s*\(.+\))\s*$/i;

export function validateAreaText(area: string): string | null {
  return AREA.test(area) ? null : `Invalid area ${area.slice(0, 40)}`;
}
