/** Road vehicles of the 3D set (numbers 1 to 25): cars, pick-ups, vans, lorries and buses. */
import {
  CX,
  GLASS,
  INK,
  METAL,
  PAINT,
  axle,
  body,
  cab,
  greenhouse,
  lamps,
  mirrors,
  rect,
  ribs,
  shadow,
  spread,
} from './topDown.mjs';

const top = (l) => (128 - l) / 2;

/** A car: hood, windshield, roof and rear window lengths in px; extra(y) adds details. */
const car =
  ({ l, w, hood, ws, roof, rw, rf = 14, rr = 12, tyres = {}, extra = () => '' }) =>
  () => {
    const y = top(l);
    const wy = y + hood;
    return `${shadow(w, y, l)}${axle(y + l * 0.2, w, tyres)}${axle(y + l * 0.8, w, tyres)}${mirrors(w, wy + 3)}${body(w, y, l, rf, rr)}${greenhouse(w, wy, ws, roof, rw)}${lamps(w, y, y + l)}${extra(y, wy + ws)}`;
  };

const roofRails = (w) => (y, roofY) =>
  `<path d="M${CX - w / 2 + 10} ${roofY + 2}V${roofY + 30}M${CX + w / 2 - 10} ${roofY + 2}V${roofY + 30}" stroke="${INK}" stroke-width="2.5" fill="none"/>`;

/** A pick-up: a cab of the given roof length and an open bed behind it. */
const pickup = (l, w, roof) =>
  car({
    l,
    w,
    hood: 26,
    ws: 12,
    roof,
    rw: 4,
    rr: 5,
    extra: (y) => {
      const bedY = y + 26 + 12 + roof + 4 + 4;
      const bedL = y + l - 5 - bedY;
      return `${rect(CX - w / 2 + 5, bedY, w - 10, bedL, 2, '#455a64')}${ribs(CX - w / 2 + 5, CX + w / 2 - 5, spread(bedY + 6, bedY + bedL - 6, 4))}`;
    },
  });

/** A van: short hood, long roof with ribs. */
const van = (l, w, extra = () => '') =>
  car({
    l,
    w,
    hood: 12,
    ws: 12,
    roof: l - 30,
    rw: 0,
    rf: 12,
    rr: 5,
    extra: (y, roofY) =>
      `${ribs(CX - w / 2 + 12, CX + w / 2 - 12, spread(roofY + 14, y + l - 10, 5))}${extra(y, roofY)}`,
  });

/** A lorry: cab of length cabL, then the load (box, flat, tipper, tank, mixer) behind; axles as fractions. */
const lorry =
  ({ l, w, cabL = 24, gap = 5, load, axles }) =>
  () => {
    const y = top(l);
    const ly = y + cabL + gap;
    const ll = l - cabL - gap;
    const tyres = axles.map((f) => axle(y + l * f, w - 6, { tw: 9, tl: 15, out: 2 })).join('');
    const chassis = rect(CX - 12, y + 10, 24, l - 12, 2, '#37474f');
    return `${shadow(w, y, l, 6)}${tyres}${chassis}${loads[load](w, ly, ll)}${cab(w - 4, y, cabL)}`;
  };

const loads = {
  box: (w, y, l) =>
    `${body(w, y, l, 3, 3)}${ribs(CX - w / 2, CX + w / 2, spread(y + 12, y + l - 12, Math.round(l / 20)), 1.2, 0.4)}${rect(CX - w / 2 + 5, y + 4, w - 10, l - 8, 2, 'none', ' stroke-width="1" opacity=".4"')}`,
  flat: (w, y, l) =>
    `${body(w, y, l, 2, 2)}${rect(CX - w / 2 + 4, y + 3, w - 8, l - 6, 1, '#000', ' fill-opacity=".12"')}${ribs(CX - w / 2 + 4, CX + w / 2 - 4, spread(y + 8, y + l - 8, Math.round(l / 8)), 1)}${rect(CX - 14, y + l * 0.3, 28, 22, 2, METAL)}`,
  tipper: (w, y, l) =>
    `${body(w, y, l, 3, 3)}<path d="M${CX - w / 2 + 5} ${y + 5}H${CX + w / 2 - 5}L${CX + w / 2 - 8} ${y + l - 6}H${CX - w / 2 + 8}Z" fill="#000" fill-opacity=".28"/>${rect(CX - w / 2 + 10, y + l * 0.35, w - 20, l * 0.4, 8, '#a1887f', ' stroke="none" opacity=".8"')}`,
  tank: (w, y, l) =>
    `${body(w, y, l, w / 2.4, w / 2.4)}<path d="M${CX} ${y + 8}V${y + l - 8}" stroke="${INK}" stroke-width="3"/>${spread(
      y + 16,
      y + l - 16,
      3,
    )
      .map((cy) => `<circle cx="${CX}" cy="${cy}" r="6" fill="${METAL}"/>`)
      .join('')}`,
  mixer: (w, y, l) =>
    `${rect(CX - w / 2 + 2, y, w - 4, l, 3, '#546e7a')}<ellipse cx="${CX}" cy="${y + l * 0.5}" rx="${w / 2 - 3}" ry="${l * 0.46}" fill="${PAINT}"/><path d="${spread(
      y + l * 0.18,
      y + l * 0.74,
      5,
    )
      .map((sy) => `M${CX - w / 2 + 8} ${sy + 8}L${CX + w / 2 - 8} ${sy - 4}`)
      .join('')}" stroke="${INK}" stroke-width="2.5" opacity=".55"/>`,
  fifth: (w, y, l) =>
    `${rect(CX - w / 2 + 6, y + l - 8, 8, 6, 2, INK)}${rect(CX + w / 2 - 14, y + l - 8, 8, 6, 2, INK)}<circle cx="${CX}" cy="${y + l * 0.55}" r="12" fill="${METAL}"/><path d="M${CX} ${y + l * 0.55}V${y + l * 0.55 + 12}" stroke-width="3"/>`,
};

/** A bus: glazed front, side windows seen along the roof edges, roof units. */
const bus =
  ({ l, w, rf = 8, joint = 0, roofUnits = 2, skylight = false }) =>
  () => {
    const y = top(l);
    const side = (x) => rect(x, y + 14, 4, l - 22, 2, GLASS, ' stroke="none"');
    const units = spread(y + 26, y + l - 30, roofUnits)
      .map((uy) => rect(CX - w / 4, uy, w / 2, 14, 3, METAL))
      .join('');
    const sky = skylight ? rect(CX - 5, y + 22, 10, l - 40, 4, GLASS) : '';
    const bellows = joint
      ? `${rect(CX - w / 2 + 1, y + joint - 5, w - 2, 10, 2, '#37474f')}${ribs(CX - w / 2 + 1, CX + w / 2 - 1, [y + joint - 2, y + joint + 2], 1.2)}`
      : '';
    return `${shadow(w, y, l, 8)}${axle(y + 18, w, { out: 2 })}${axle(y + l - 18, w, { out: 2 })}${joint ? axle(y + joint + 14, w, { out: 2 }) : ''}${mirrors(w + 2, y + 6)}${body(w, y, l, rf, 5)}${rect(CX - w / 2 + 3, y + 2, w - 6, 9, rf / 2, GLASS)}${side(CX - w / 2 + 2)}${side(CX + w / 2 - 6)}${units}${sky}${bellows}${lamps(w, y, y + l)}`;
  };

export const ROAD = [
  car({ l: 88, w: 46, hood: 18, ws: 14, roof: 28, rw: 14 }),
  car({ l: 104, w: 46, hood: 26, ws: 14, roof: 28, rw: 12, rf: 13 }),
  car({ l: 104, w: 46, hood: 24, ws: 14, roof: 46, rw: 8, rf: 13, rr: 7, extra: roofRails(46) }),
  car({
    l: 100,
    w: 52,
    hood: 38,
    ws: 16,
    roof: 16,
    rw: 18,
    rf: 20,
    rr: 14,
    extra: (y) =>
      `<path d="M${CX - 4} ${y + 2}V${y + 36}M${CX + 4} ${y + 2}V${y + 36}" stroke="#fff" stroke-width="3" opacity=".75"/>`,
  }),
  car({
    l: 104,
    w: 54,
    hood: 24,
    ws: 12,
    roof: 46,
    rw: 10,
    rf: 12,
    rr: 9,
    tyres: { tw: 10, tl: 20 },
    extra: roofRails(54),
  }),
  car({
    l: 94,
    w: 54,
    hood: 24,
    ws: 8,
    roof: 50,
    rw: 6,
    rf: 6,
    rr: 6,
    tyres: { tw: 11, tl: 22, out: 4 },
    extra: (y) =>
      `${rect(CX - 22, y - 3, 44, 5, 2, INK)}<circle cx="${CX}" cy="${y + 96}" r="10" fill="${INK}"/><circle cx="${CX}" cy="${y + 96}" r="4" fill="${METAL}"/>`,
  }),
  pickup(108, 50, 18),
  pickup(114, 52, 32),
  car({ l: 100, w: 50, hood: 14, ws: 18, roof: 54, rw: 8, rf: 16, rr: 9 }),
  van(104, 52),
  van(118, 56),
  van(
    112,
    54,
    (y, roofY) =>
      `${rect(CX - 18, roofY + 2, 36, 6, 2, '#1e88e5')}${rect(CX - 18, roofY + 2, 12, 6, 2, '#e53935')}${rect(CX - 12, roofY + 30, 24, 24, 3, '#fafafa')}${rect(CX - 3.5, roofY + 33, 7, 18, 1, '#d32f2f', ' stroke="none"')}${rect(CX - 9, roofY + 38.5, 18, 7, 1, '#d32f2f', ' stroke="none"')}`,
  ),
  lorry({ l: 100, w: 54, load: 'box', axles: [0.16, 0.82] }),
  lorry({ l: 112, w: 56, load: 'box', axles: [0.15, 0.75, 0.87] }),
  lorry({ l: 122, w: 58, cabL: 26, load: 'box', axles: [0.14, 0.26, 0.78, 0.9] }),
  lorry({ l: 116, w: 56, load: 'flat', axles: [0.15, 0.76, 0.88] }),
  lorry({ l: 110, w: 58, load: 'tipper', axles: [0.15, 0.74, 0.87] }),
  lorry({ l: 122, w: 56, load: 'tank', axles: [0.14, 0.77, 0.89] }),
  lorry({ l: 74, w: 58, cabL: 30, load: 'fifth', axles: [0.2, 0.68, 0.86] }),
  lorry({ l: 124, w: 50, cabL: 22, gap: 8, load: 'box', axles: [0.11, 0.23, 0.72, 0.82, 0.92] }),
  lorry({ l: 114, w: 56, load: 'mixer', axles: [0.15, 0.74, 0.87] }),
  bus({ l: 106, w: 52, rf: 12, roofUnits: 1 }),
  bus({ l: 122, w: 50 }),
  bus({ l: 124, w: 48, rf: 14, roofUnits: 2, skylight: true }),
  bus({ l: 124, w: 42, joint: 64, roofUnits: 2 }),
];
