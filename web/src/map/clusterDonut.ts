/**
 * Cluster markers (document 1 §2): a donut split by ignition status (0 driving, 1 idle, 2 stopped,
 * 3 offline) with the count in the middle; the label grows past 10, 100 and 1000 vehicles.
 */
export const CLUSTER_RADIUS = 50;
export const CLUSTER_MAX_ZOOM = 14;
/** A click zooms in two levels, never past 16. */
export const CLUSTER_CLICK_ZOOM_STEP = 2;
export const CLUSTER_CLICK_MAX_ZOOM = 16;

export const IGNITION_COLORS = ['#2e7d32', '#f9a825', '#c62828', '#757575'] as const;

export const clusterZoomTarget = (zoom: number): number =>
  Math.min(zoom + CLUSTER_CLICK_ZOOM_STEP, CLUSTER_CLICK_MAX_ZOOM);

export function clusterFontSize(count: number): number {
  if (count > 1000) return 20;
  if (count > 100) return 17;
  if (count > 10) return 15;
  return 13;
}

const arc = (start: number, end: number, r: number, r0: number): string => {
  if (end - start === 1) end -= 0.00001;
  const a0 = 2 * Math.PI * (start - 0.25);
  const a1 = 2 * Math.PI * (end - 0.25);
  const x0 = Math.cos(a0);
  const y0 = Math.sin(a0);
  const x1 = Math.cos(a1);
  const y1 = Math.sin(a1);
  const large = end - start > 0.5 ? 1 : 0;
  return (
    `M ${r + r0 * x0} ${r + r0 * y0} L ${r + r * x0} ${r + r * y0} ` +
    `A ${r} ${r} 0 ${large} 1 ${r + r * x1} ${r + r * y1} ` +
    `L ${r + r0 * x1} ${r + r0 * y1} A ${r0} ${r0} 0 ${large} 0 ${r + r0 * x0} ${r + r0 * y0}`
  );
};

/** The donut as SVG markup; `counts` by ignition code. */
export function clusterDonutSvg(counts: readonly number[]): string {
  const total = counts.reduce((sum, n) => sum + n, 0);
  const fontSize = clusterFontSize(total);
  const r = total >= 1000 ? 34 : total >= 100 ? 28 : total >= 10 ? 24 : 18;
  const r0 = Math.round(r * 0.6);
  const size = r * 2;
  let start = 0;
  const paths = counts
    .map((count, code) => {
      if (count === 0 || total === 0) return '';
      const end = start + count / total;
      const path = `<path d="${arc(start, end, r, r0)}" fill="${IGNITION_COLORS[code]}"/>`;
      start = end;
      return path;
    })
    .join('');
  return (
    `<svg width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" xmlns="http://www.w3.org/2000/svg" ` +
    `font-family="sans-serif" style="display:block">` +
    `${paths}<circle cx="${r}" cy="${r}" r="${r0}" fill="white"/>` +
    `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-size="${fontSize}" ` +
    `font-weight="bold" fill="#212121">${total}</text></svg>`
  );
}
