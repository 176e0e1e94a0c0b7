/**
 * Draws the 2D vehicle icons (document 1 §3 and §9): top-down, front pointing north, 128x128,
 * white body with a dark outline so they read on any map layer; the map rotates them by course
 * and draws the status ring around them. Run once: `node web/src/icons/scripts/make2d.mjs`.
 */
import { writeSvg } from './svgFile.mjs';

const INK = '#263238';
const GLASS = '#546e7a';
const LAMP = '#ffd54f';
const RED = '#e53935';

const wrap = (inner) =>
  `<g fill="#fff" stroke="${INK}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">${inner}</g>`;
const tyre = (x, y, w = 10, h = 18) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="${INK}"/>`;
const glass = (d) => `<path d="${d}" fill="${GLASS}"/>`;
const lamps = (y, x1, x2, color = LAMP) =>
  `<circle cx="${x1}" cy="${y}" r="3.5" fill="${color}" stroke="none"/><circle cx="${x2}" cy="${y}" r="3.5" fill="${color}" stroke="none"/>`;

/** A small car body, shared by car, taxi and the ambulance roof. */
const hatchback = (extra = '') => `
  ${tyre(35, 30)}${tyre(83, 30)}${tyre(35, 82)}${tyre(83, 82)}
  <rect x="39" y="16" width="50" height="96" rx="17"/>
  ${glass('M45 46 H83 L78 60 H50 Z')}
  <rect x="50" y="60" width="28" height="28" rx="3"/>
  ${glass('M50 88 H78 L82 100 H46 Z')}
  ${lamps(22, 48, 80)}
  ${extra}`;

const ICONS = {
  car: hatchback(),
  sedan: `
    ${tyre(37, 28)}${tyre(81, 28)}${tyre(37, 86)}${tyre(81, 86)}
    <rect x="41" y="8" width="46" height="112" rx="14"/>
    <rect x="32" y="50" width="9" height="5" rx="2"/><rect x="87" y="50" width="9" height="5" rx="2"/>
    ${glass('M46 44 H82 L78 56 H50 Z')}
    <rect x="50" y="56" width="28" height="26" rx="3"/>
    ${glass('M50 82 H78 L81 92 H47 Z')}
    <path d="M46 104 H82" fill="none"/>
    ${lamps(14, 49, 79)}`,
  jeep: `
    ${tyre(32, 24, 12, 22)}${tyre(84, 24, 12, 22)}${tyre(32, 80, 12, 22)}${tyre(84, 80, 12, 22)}
    <rect x="36" y="14" width="56" height="96" rx="7"/>
    <rect x="40" y="8" width="48" height="7" rx="2" fill="${INK}"/>
    ${glass('M42 40 H86 V50 H42 Z')}
    <rect x="44" y="56" width="40" height="44" rx="3"/>
    <path d="M54 56 V100 M64 56 V100 M74 56 V100" fill="none" stroke-width="3"/>
    <circle cx="64" cy="112" r="11" fill="${INK}"/><circle cx="64" cy="112" r="4" fill="#fff" stroke="none"/>`,
  pickup: `
    ${tyre(35, 26)}${tyre(83, 26)}${tyre(35, 88)}${tyre(83, 88)}
    <rect x="39" y="8" width="50" height="112" rx="12"/>
    ${glass('M45 34 H83 L79 46 H49 Z')}
    <rect x="49" y="46" width="30" height="14" rx="2"/>
    ${glass('M47 60 H81 V64 H47 Z')}
    <rect x="45" y="70" width="38" height="44" rx="2" fill="#cfd8dc"/>
    <path d="M45 92 H83" fill="none" stroke-width="3"/>
    ${lamps(14, 48, 80)}`,
  van: `
    ${tyre(35, 22)}${tyre(83, 22)}${tyre(35, 90)}${tyre(83, 90)}
    <rect x="38" y="8" width="52" height="112" rx="12"/>
    ${glass('M43 22 H85 L82 36 H46 Z')}
    <rect x="46" y="40" width="36" height="74" rx="3"/>
    <path d="M46 56 H82 M46 72 H82 M46 88 H82 M46 104 H82" fill="none" stroke-width="3"/>
    ${lamps(13, 46, 82)}`,
  truck: `
    ${tyre(33, 20)}${tyre(85, 20)}${tyre(31, 80, 10, 16)}${tyre(87, 80, 10, 16)}${tyre(31, 98, 10, 16)}${tyre(87, 98, 10, 16)}
    <rect x="38" y="6" width="52" height="32" rx="7"/>
    ${glass('M43 12 H85 V22 H43 Z')}
    <rect x="34" y="42" width="60" height="80" rx="3"/>
    <path d="M34 62 H94 M34 82 H94 M34 102 H94" fill="none" stroke-width="3"/>`,
  bus: `
    ${tyre(33, 18)}${tyre(85, 18)}${tyre(33, 90)}${tyre(85, 90)}
    <rect x="37" y="4" width="54" height="120" rx="9"/>
    ${glass('M42 9 H86 V21 H42 Z')}
    <rect x="40" y="28" width="6" height="88" rx="2" fill="${GLASS}" stroke="none"/>
    <rect x="82" y="28" width="6" height="88" rx="2" fill="${GLASS}" stroke="none"/>
    <rect x="49" y="28" width="30" height="90" rx="3" stroke-width="3"/>
    <rect x="56" y="40" width="16" height="14" rx="2" fill="#cfd8dc" stroke-width="3"/>
    <rect x="56" y="86" width="16" height="14" rx="2" fill="#cfd8dc" stroke-width="3"/>`,
  bike: `
    <rect x="57" y="6" width="14" height="32" rx="7" fill="${INK}"/>
    <rect x="57" y="90" width="14" height="32" rx="7" fill="${INK}"/>
    <path d="M56 36 Q64 28 72 36 L74 96 Q64 104 54 96 Z"/>
    <rect x="34" y="36" width="60" height="8" rx="4"/>
    <ellipse cx="64" cy="66" rx="22" ry="10"/>
    <circle cx="64" cy="60" r="11" fill="${GLASS}"/>`,
  bicycle: `
    <rect x="59" y="4" width="10" height="36" rx="5" fill="${INK}"/>
    <rect x="59" y="88" width="10" height="36" rx="5" fill="${INK}"/>
    <path d="M64 38 V90" fill="none" stroke-width="6"/>
    <path d="M40 36 H88" fill="none" stroke-width="6"/>
    <path d="M46 66 L42 38 M82 66 L86 38" fill="none" stroke-width="5"/>
    <ellipse cx="64" cy="70" rx="20" ry="9"/>
    <circle cx="64" cy="64" r="10"/>`,
  boat: `
    <path d="M64 4 C84 22 92 50 92 80 V118 H36 V80 C36 50 44 22 64 4 Z"/>
    <path d="M64 18 C76 32 80 48 80 66" fill="none" stroke-width="3"/>
    <path d="M64 18 C52 32 48 48 48 66" fill="none" stroke-width="3"/>
    <rect x="46" y="66" width="36" height="34" rx="6"/>
    ${glass('M48 68 Q64 60 80 68 V76 H48 Z')}
    <rect x="56" y="118" width="16" height="8" rx="2" fill="${INK}"/>`,
  tractor: `
    ${tyre(24, 68, 20, 44)}${tyre(84, 68, 20, 44)}
    ${tyre(34, 16, 12, 24)}${tyre(82, 16, 12, 24)}
    <rect x="48" y="8" width="32" height="58" rx="6"/>
    <path d="M56 16 H72 M56 24 H72 M56 32 H72" fill="none" stroke-width="3"/>
    <rect x="42" y="60" width="44" height="50" rx="6"/>
    <rect x="48" y="66" width="32" height="38" rx="3" fill="${GLASS}"/>
    <rect x="58" y="110" width="12" height="10" rx="2" fill="${INK}"/>`,
  crane: `
    ${tyre(33, 24, 10, 16)}${tyre(85, 24, 10, 16)}${tyre(33, 78, 10, 16)}${tyre(85, 78, 10, 16)}${tyre(33, 98, 10, 16)}${tyre(85, 98, 10, 16)}
    <rect x="38" y="12" width="52" height="108" rx="6"/>
    <rect x="40" y="14" width="18" height="24" rx="4"/>
    ${glass('M42 16 H56 V24 H42 Z')}
    <rect x="26" y="46" width="10" height="8" rx="2" fill="${INK}"/><rect x="92" y="46" width="10" height="8" rx="2" fill="${INK}"/>
    <rect x="26" y="104" width="10" height="8" rx="2" fill="${INK}"/><rect x="92" y="104" width="10" height="8" rx="2" fill="${INK}"/>
    <circle cx="72" cy="96" r="16"/>
    <rect x="64" y="2" width="16" height="100" rx="3" fill="${LAMP}"/>
    <path d="M64 14 L80 28 L64 42 L80 56 L64 70 L80 84" fill="none" stroke-width="3"/>`,
  trailer: `
    <path d="M52 42 L64 12 L76 42" fill="none" stroke-width="6"/>
    <circle cx="64" cy="10" r="6" fill="${INK}"/>
    ${tyre(31, 74, 10, 18)}${tyre(87, 74, 10, 18)}${tyre(31, 94, 10, 18)}${tyre(87, 94, 10, 18)}
    <rect x="36" y="40" width="56" height="82" rx="4"/>
    <path d="M36 60 H92 M36 80 H92 M36 100 H92" fill="none" stroke-width="3"/>
    ${lamps(116, 44, 84, RED)}`,
  ambulance: `
    ${tyre(35, 22)}${tyre(83, 22)}${tyre(35, 90)}${tyre(83, 90)}
    <rect x="38" y="8" width="52" height="112" rx="12"/>
    ${glass('M43 22 H85 L82 34 H46 Z')}
    <rect x="48" y="38" width="32" height="8" rx="3" fill="#1e88e5" stroke-width="3"/>
    <rect x="57" y="62" width="14" height="42" rx="2" fill="${RED}" stroke="none"/>
    <rect x="43" y="76" width="42" height="14" rx="2" fill="${RED}" stroke="none"/>
    ${lamps(13, 46, 82)}`,
  taxi: hatchback(
    `<rect x="50" y="66" width="28" height="14" rx="3" fill="${LAMP}" stroke-width="3"/>
     <path d="M56 73 H72" fill="none" stroke-width="3"/>`,
  ),
  person: `
    <path d="M64 6 L90 46 A36 36 0 1 1 38 46 Z"/>
    <circle cx="64" cy="62" r="12" fill="${INK}" stroke="none"/>
    <path d="M42 98 C42 76 86 76 86 98 Q64 108 42 98 Z" fill="${INK}" stroke="none"/>`,
};

for (const [name, inner] of Object.entries(ICONS)) {
  const bytes = writeSvg(`vehicles/2d/${name}.svg`, 128, wrap(inner));
  if (bytes > 3000) throw new Error(`${name}.svg is ${bytes} bytes`);
}
console.log(`2D: ${Object.keys(ICONS).length} icons`);
