/** Machines and others of the 3D set (numbers 26 to 34): farm tractor, site machines, crane, motorcycle, boat. */
import {
  GLASS,
  INK,
  METAL,
  PAINT,
  axle,
  body,
  lamps,
  rect,
  ribs,
  shadow,
  spread,
  track,
} from './topDown.mjs';

const tread = (x, y, w, h) =>
  `${rect(x, y, w, h, 4, INK)}<path d="${spread(y + 4, y + h - 4, Math.round(h / 5))
    .map((ty) => `M${x + 2} ${ty}h${w - 4}`)
    .join('')}" stroke="#607d8b" stroke-width="1.2"/>`;

const farmTractor = () =>
  `${shadow(70, 8, 112, 10)}${tread(26, 68, 20, 44)}${tread(82, 68, 20, 44)}${tread(33, 16, 12, 24)}${tread(83, 16, 12, 24)}` +
  `${body(30, 8, 60, 8, 4)}${ribs(54, 74, [16, 22, 28])}${rect(40, 62, 48, 48, 5, GLASS)}${rect(44, 66, 40, 40, 4, PAINT)}` +
  `<circle cx="72" cy="52" r="3.5" fill="${INK}"/>${rect(58, 110, 12, 8, 2, INK)}${lamps(30, 8)}`;

const excavator = () =>
  `${shadow(72, 30, 92, 8)}${track(28, 42, 18, 80)}${track(82, 42, 18, 80)}` +
  `${body(56, 50, 62, 10, 18)}${rect(42, 96, 44, 14, 7, '#00000040', ' stroke="none"')}${rect(40, 56, 16, 20, 4, GLASS)}` +
  `${rect(58, 14, 14, 50, 4, PAINT)}<path d="M58 30h14M58 44h14" stroke-width="1.5" opacity=".6"/>` +
  `<path d="M50 4h30l-4 14h-22z" fill="${METAL}"/><path d="M54 4v-2M60 4v-2M66 4v-2M72 4v-2" stroke-width="2"/>`;

const wheelLoader = () =>
  `${shadow(70, 8, 114, 10)}${tread(30, 30, 16, 26)}${tread(82, 30, 16, 26)}${tread(30, 86, 16, 26)}${tread(82, 86, 16, 26)}` +
  `<path d="M14 6h100v12q-50 5-100 0z" fill="${METAL}"/><path d="M50 18l6 20M78 18l-6 20" stroke="${INK}" stroke-width="5"/>` +
  `${body(40, 34, 30, 6, 4)}${rect(58, 63, 12, 8, 2, INK)}${body(44, 70, 48, 4, 12)}${rect(48, 72, 32, 20, 4, GLASS)}${rect(51, 75, 26, 14, 3, PAINT)}${ribs(52, 76, [102, 107, 112])}`;

const bulldozer = () =>
  `${shadow(72, 10, 106, 8)}<path d="M16 10h96v10q-48 6-96 0z" fill="${METAL}"/><path d="M40 20l-4 20M88 20l4 20" stroke-width="4"/>` +
  `${track(26, 36, 18, 74)}${track(84, 36, 18, 74)}${body(42, 34, 78, 6, 6)}${ribs(48, 80, [40, 45, 50, 55])}` +
  `${rect(46, 72, 36, 28, 4, GLASS)}${rect(49, 75, 30, 22, 3, PAINT)}<path d="M56 112v10M72 112v10" stroke-width="4"/>`;

const roller = () =>
  `${shadow(70, 8, 112, 10)}<linearGradient id="v" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6d7f88"/><stop offset=".5" stop-color="#e4e9ec"/><stop offset="1" stop-color="#6d7f88"/></linearGradient>` +
  `${rect(28, 8, 72, 26, 6, 'url(#v)')}${rect(40, 14, 48, 16, 3, PAINT)}${body(46, 30, 50, 6, 6)}${tread(26, 88, 18, 26)}${tread(84, 88, 18, 26)}` +
  `${body(50, 76, 44, 6, 8)}${rect(48, 80, 32, 24, 3, GLASS)}${rect(52, 83, 24, 18, 3, PAINT)}${ribs(52, 76, [40, 46, 52, 58])}`;

const forklift = () =>
  `${shadow(62, 6, 112, 8)}${rect(50, 4, 6, 34, 1, METAL)}${rect(72, 4, 6, 34, 1, METAL)}${rect(38, 34, 52, 8, 2, INK)}` +
  `${tread(30, 42, 14, 22)}${tread(84, 42, 14, 22)}${tread(36, 92, 12, 18)}${tread(80, 92, 12, 18)}` +
  `${body(48, 40, 68, 6, 4)}${body(54, 92, 24, 4, 14)}${rect(44, 48, 40, 40, 4, GLASS)}` +
  `<path d="M44 54h40M44 64h40M44 74h40M44 84h40M57 48v40M71 48v40" stroke="${INK}" stroke-width="3" fill="none"/>`;

const mobileCrane = () => {
  const axles = [28, 44, 88, 104].map((y) => axle(y, 52, { tw: 9, tl: 14, out: 2 })).join('');
  const outriggers = [52, 114].map((y) => rect(26, y, 76, 6, 2, INK)).join('');
  return (
    `${shadow(56, 6, 116, 6)}${outriggers}${axles}${body(52, 10, 112, 6, 4)}${rect(40, 12, 16, 18, 3, GLASS)}${rect(42, 16, 12, 12, 2, PAINT)}` +
    `<circle cx="70" cy="96" r="18" fill="${PAINT}"/>${rect(58, 86, 12, 20, 3, GLASS)}` +
    `${rect(64, 2, 14, 100, 3, METAL)}${rect(66, 4, 10, 70, 2, PAINT)}<path d="M66 30h10M66 52h10" stroke-width="1.5"/>${lamps(52, 10)}`
  );
};

const motorcycle = () =>
  `${shadow(30, 10, 108, 12)}${rect(57, 8, 14, 32, 7, INK)}${rect(57, 88, 14, 32, 7, INK)}` +
  `<path d="M54 34q10-8 20 0l2 66q-12 10-24 0z" fill="${PAINT}"/>${rect(36, 34, 56, 7, 3.5, METAL)}` +
  `<ellipse cx="64" cy="70" rx="22" ry="10" fill="#455a64"/><circle cx="64" cy="62" r="11" fill="${PAINT}"/>${rect(59, 54, 10, 5, 2, GLASS, ' stroke="none"')}` +
  `<ellipse cx="64" cy="14" rx="4" ry="2.5" fill="#fffde7" stroke="none"/>`;

const boat = () =>
  `<ellipse cx="66" cy="120" rx="30" ry="6" fill="#4fc3f7" opacity=".5" stroke="none"/>${shadow(52, 10, 112, 24)}` +
  `<path d="M64 4C86 22 92 50 92 78V116H36V78C36 50 42 22 64 4Z" fill="${PAINT}"/>` +
  `<path d="M64 14C80 30 84 52 84 78V110H44V78C44 52 48 30 64 14Z" fill="#eceff1"/>` +
  `<path d="M46 56Q64 44 82 56V64Q64 56 46 64Z" fill="${GLASS}"/>${rect(50, 70, 12, 12, 3, '#90a4ae')}${rect(66, 70, 12, 12, 3, '#90a4ae')}` +
  `${rect(48, 90, 32, 14, 4, '#90a4ae')}${rect(56, 114, 16, 12, 3, INK)}`;

export const MACHINES = [
  farmTractor,
  excavator,
  wheelLoader,
  bulldozer,
  roller,
  forklift,
  mobileCrane,
  motorcycle,
  boat,
];
