/**
 * Drawing pieces of the 3D vehicle icons: seen from above with the front to the north, shaded with
 * gradients so the body reads as rounded. Paint, glass and metal are the gradients `b`, `g` and `m`
 * of `paintDefs`; the status colour is the paint.
 */
export const CX = 64;
export const INK = '#1d262b';
export const PAINT = 'url(#b)';
export const GLASS = 'url(#g)';
export const METAL = 'url(#m)';

/** Dark, base and light tone of each status colour. */
export const PAINTS = {
  gray: ['#5b6367', '#9aa3a8', '#e9ecee'],
  green: ['#1b5e20', '#3f9c44', '#b4e0b6'],
  red: ['#8b1a18', '#e0403c', '#f8b4b1'],
  yellow: ['#9e7700', '#f5bd1f', '#fff6b0'],
};

export function paintDefs(color) {
  const [dark, base, light] = PAINTS[color];
  return `
    <linearGradient id="b" x1="0" x2="1"><stop offset="0" stop-color="${dark}"/><stop offset=".22" stop-color="${base}"/><stop offset=".5" stop-color="${light}"/><stop offset=".78" stop-color="${base}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6f8f9f"/><stop offset="1" stop-color="#1c2a31"/></linearGradient>
    <linearGradient id="m" x1="0" x2="1"><stop offset="0" stop-color="#6d7f88"/><stop offset=".5" stop-color="#e4e9ec"/><stop offset="1" stop-color="#6d7f88"/></linearGradient>
    <filter id="s" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="2.5"/></filter>`;
}

export const rect = (x, y, w, h, r, fill, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"${extra}/>`;

/** A soft shadow of the footprint, offset to the south-east. */
export const shadow = (w, y, l, r = 10) =>
  `<rect x="${CX - w / 2 + 3}" y="${y + 4}" width="${w}" height="${l}" rx="${r}" fill="#000" opacity=".35" filter="url(#s)" stroke="none"/>`;

/** A pair of tyres across the axle at y (centre), sticking out of a body of width w. */
export const axle = (y, w, { tw = 9, tl = 18, out = 3 } = {}) =>
  rect(CX - w / 2 - out, y - tl / 2, tw, tl, 2.5, INK) +
  rect(CX + w / 2 + out - tw, y - tl / 2, tw, tl, 2.5, INK);

/** A body outline with separate front and rear corner radii, from y over length l. */
export function bodyPath(w, y, l, rf, rr) {
  const [x0, x1, y1] = [CX - w / 2, CX + w / 2, y + l];
  return `M${x0 + rf} ${y}H${x1 - rf}Q${x1} ${y} ${x1} ${y + rf}V${y1 - rr}Q${x1} ${y1} ${x1 - rr} ${y1}H${x0 + rr}Q${x0} ${y1} ${x0} ${y1 - rr}V${y + rf}Q${x0} ${y} ${x0 + rf} ${y}Z`;
}
export const body = (w, y, l, rf, rr, fill = PAINT) =>
  `<path d="${bodyPath(w, y, l, rf, rr)}" fill="${fill}"/>`;

/** Head lamps at the front edge y and tail lamps at the rear edge y2 of a body of width w. */
export const lamps = (w, y, y2) => {
  const [a, b] = [CX - w / 2 + 7, CX + w / 2 - 7];
  const head = `<ellipse cx="${a}" cy="${y + 3}" rx="4.5" ry="2.2" fill="#fffde7" stroke="none"/><ellipse cx="${b}" cy="${y + 3}" rx="4.5" ry="2.2" fill="#fffde7" stroke="none"/>`;
  if (y2 === undefined) return head;
  return `${head}${rect(a - 4, y2 - 3.5, 8, 2.5, 1, '#d32f2f', ' stroke="none"')}${rect(b - 4, y2 - 3.5, 8, 2.5, 1, '#d32f2f', ' stroke="none"')}`;
};

export const mirrors = (w, y) =>
  `<ellipse cx="${CX - w / 2 - 2}" cy="${y}" rx="3.5" ry="2.5" fill="${PAINT}"/><ellipse cx="${CX + w / 2 + 2}" cy="${y}" rx="3.5" ry="2.5" fill="${PAINT}"/>`;

/**
 * The glasshouse of a car: windshield from y over ws, roof over roof, rear window over rw; i is the
 * inset from the body sides at the windshield base, t the extra inset of the roof.
 */
export function greenhouse(w, y, ws, roof, rw, { i = 4, t = 5 } = {}) {
  const [a, b] = [CX - w / 2 + i, CX + w / 2 - i];
  const [c, d] = [a + t, b - t];
  const [r0, r1, r2] = [y + ws, y + ws + roof, y + ws + roof + rw];
  const sides = `<path d="M${a} ${y + 2}L${c} ${r0}V${r1}L${a} ${r2 - 1}Z" fill="${GLASS}"/><path d="M${b} ${y + 2}L${d} ${r0}V${r1}L${b} ${r2 - 1}Z" fill="${GLASS}"/>`;
  const front = `<path d="M${a} ${y}H${b}L${d} ${r0}H${c}Z" fill="${GLASS}"/>`;
  const rear = rw > 0 ? `<path d="M${c} ${r1}H${d}L${b} ${r2}H${a}Z" fill="${GLASS}"/>` : '';
  return `${sides}${front}${rear}${rect(c, r0, d - c, roof, 3, PAINT)}`;
}

/** Parallel lines across a part (ribs of a van roof or a cargo box). */
export const ribs = (x0, x1, ys, width = 1.5, opacity = 0.7) =>
  `<path d="${ys.map((y) => `M${x0} ${y}H${x1}`).join('')}" fill="none" stroke-width="${width}" opacity="${opacity}"/>`;

/** Evenly spaced values from a to b (n of them). */
export const spread = (a, b, n) =>
  n === 1 ? [(a + b) / 2] : Array.from({ length: n }, (_, k) => a + ((b - a) * k) / (n - 1));

/** A lorry cab at the front: w wide, from y over l, with windshield, roof and mirrors. */
export const cab = (w, y, l) =>
  `${mirrors(w + 4, y + 8)}${body(w, y, l, 7, 3)}${rect(CX - w / 2 + 3, y + 2, w - 6, 7, 2, GLASS)}${rect(CX - w / 2 + 6, y + 12, w - 12, l - 16, 3, PAINT)}${lamps(w, y)}`;

/** A caterpillar track along x from y over l. */
export const track = (x, y, w, l) =>
  `${rect(x, y, w, l, 4, INK)}<path d="${spread(y + 5, y + l - 5, Math.round(l / 6))
    .map((ty) => `M${x + 2} ${ty}H${x + w - 2}`)
    .join('')}" stroke="#78909c" stroke-width="1.5"/>`;
