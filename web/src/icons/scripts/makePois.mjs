/**
 * Draws the point-of-interest icons (document 1 §3: the 19 zone icons and the default blue-dot):
 * 48x48 map pins, a coloured drop with a white glyph, tip at the bottom centre (24, 46); blue-dot is a
 * round marker centred at (24, 24). Run once: `node web/src/icons/scripts/makePois.mjs`.
 */
import { writeSvg } from './svgFile.mjs';

const W = '#fff';
/** Glyphs drawn in a 24x24 box (white on the pin colour `c`). */
const GLYPHS = {
  fuel: (c) =>
    `<rect x="4" y="3" width="11" height="18" rx="1.5" fill="${W}"/><rect x="6.2" y="5.5" width="6.6" height="4.5" rx=".8" fill="${c}"/><rect x="2" y="19.5" width="15" height="2.8" rx="1" fill="${W}"/><path d="M15 8h2.6l2.4 3v7.2a1.6 1.6 0 0 1-3.2 0V14H15" fill="none" stroke="${W}" stroke-width="1.9" stroke-linejoin="round"/>`,
  generic: () =>
    `<path d="M12 1.5l3.1 6.6 7.2.8-5.4 4.9 1.5 7.1L12 17.3l-6.4 3.6 1.5-7.1-5.4-4.9 7.2-.8z" fill="${W}"/>`,
  hospital: (c) =>
    `<rect x="2.5" y="2.5" width="19" height="19" rx="3.5" fill="${W}"/><path d="M8 6.5v11M16 6.5v11M8 12h8" stroke="${c}" stroke-width="3.2" stroke-linecap="round"/>`,
  airport: () =>
    `<path d="M12 1.5c1.2 0 1.8 1.2 1.8 2.6v5.2l8.7 5v2.4l-8.7-2.6v4.6l2.6 2v1.8L12 21.3l-4.4 1.2v-1.8l2.6-2v-4.6l-8.7 2.6v-2.4l8.7-5V4.1c0-1.4.6-2.6 1.8-2.6z" fill="${W}"/>`,
  bed: () =>
    `<rect x="1.5" y="5" width="3" height="16" rx="1" fill="${W}"/><rect x="1.5" y="13" width="21" height="4.5" rx="1" fill="${W}"/><rect x="19.5" y="16" width="3" height="5" rx="1" fill="${W}"/><rect x="5.5" y="9.5" width="5" height="3" rx="1.5" fill="${W}"/><rect x="11.5" y="8.5" width="11" height="4" rx="1.8" fill="${W}"/>`,
  building: (c) =>
    `<rect x="5" y="1.5" width="14" height="21" rx="1" fill="${W}"/>${[5, 9.5, 14]
      .flatMap((y) => [8, 13.5].map((x) => `<rect x="${x}" y="${y}" width="2.5" height="2.5" fill="${c}"/>`))
      .join('')}<rect x="10.5" y="18" width="3" height="4.5" fill="${c}"/>`,
  church: (c) =>
    `<path d="M11 .5h2v3h2.5v2H13v2.2l7 5.3h-2V23H6V13H4l7-5.3V5.5H8.5v-2H11z" fill="${W}"/><path d="M10 23v-4a2 2 0 0 1 4 0v4z" fill="${c}"/>`,
  hotel: () =>
    `<path d="M3.5 17.5a8.5 8.5 0 0 1 17 0z" fill="${W}"/><rect x="1.5" y="18.5" width="21" height="3" rx="1.2" fill="${W}"/><rect x="11" y="6" width="2" height="3.5" fill="${W}"/><rect x="8.5" y="4" width="7" height="2.4" rx="1.2" fill="${W}"/>`,
  house: (c) =>
    `<path d="M12 2.5l10 9h-3V22H5V11.5H2z" fill="${W}"/><rect x="10" y="15" width="4" height="7" fill="${c}"/>`,
  info: () =>
    `<circle cx="12" cy="4.5" r="2.6" fill="${W}"/><path d="M8.5 9.5h5.5v9.5h2.5v3h-8v-3H11v-6.5H8.5z" fill="${W}"/>`,
  plant: () =>
    `<path d="M11 11h2v10h-2z" fill="${W}"/><path d="M12 14C5.5 14 3 10 3 5.5c5.5 0 9 3 9 8.5zM12 12c0-6 3.5-9.5 9-9.5 0 5.5-3 9.5-9 9.5z" fill="${W}"/><rect x="6" y="20" width="12" height="2.5" rx="1.2" fill="${W}"/>`,
  question: () =>
    `<path d="M7 8.5a5 5 0 1 1 7.4 4.4c-1.5.8-2.4 1.7-2.4 3.4" fill="none" stroke="${W}" stroke-width="3.2" stroke-linecap="round"/><circle cx="12" cy="21" r="2" fill="${W}"/>`,
  restaurant: () =>
    `<path d="M4 2v7a3 3 0 0 0 2.5 3V22h2.6V12A3 3 0 0 0 11.5 9V2h-1.6v6H8.6V2H7v6H5.6V2z" fill="${W}"/><path d="M19.5 2c-3 1.5-4 5-4 9.5h1.6V22h2.4z" fill="${W}"/>`,
  trash: (c) =>
    `<rect x="9" y="1.5" width="6" height="3" rx="1" fill="${W}"/><rect x="3.5" y="4" width="17" height="3" rx="1" fill="${W}"/><path d="M5.5 8.5h13L17.3 22H6.7z" fill="${W}"/><path d="M9.5 11v8M12 11v8M14.5 11v8" stroke="${c}" stroke-width="1.4" stroke-linecap="round"/>`,
  warehouse: (c) =>
    `<path d="M1.5 8.5L12 2.5l10.5 6V22h-21z" fill="${W}"/><rect x="5.5" y="11" width="13" height="11" fill="${c}"/><path d="M5.5 13.5h13M5.5 16.5h13M5.5 19.5h13" stroke="${W}" stroke-width="1.3"/>`,
  pharmacy: () => `<path d="M9 2.5h6v6.5h6.5v6H15v6.5H9V15H2.5V9H9z" fill="${W}"/>`,
  police: (c) =>
    `<path d="M12 1.5l8.5 3.2v6.1c0 5.6-3.6 9.8-8.5 11.7-4.9-1.9-8.5-6.1-8.5-11.7V4.7z" fill="${W}"/><path d="M12 6.5l1.5 3.2 3.4.4-2.5 2.4.7 3.4-3.1-1.7-3.1 1.7.7-3.4-2.5-2.4 3.4-.4z" fill="${c}"/>`,
  repair: (c) =>
    `<g transform="rotate(45 12 12)"><rect x="10" y="9" width="4" height="14.5" rx="2" fill="${W}"/><circle cx="12" cy="6" r="5.5" fill="${W}"/><rect x="10.3" y="-0.5" width="3.4" height="6.5" rx=".6" fill="${c}"/></g>`,
  supermarket: () =>
    `<path d="M1.5 3.5h3.2l.9 3" fill="none" stroke="${W}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/><path d="M5.2 6.5h17l-2.3 9H7.6z" fill="${W}"/><path d="M7.6 15.5l-.6 2.2h13" fill="none" stroke="${W}" stroke-width="2"/><circle cx="9" cy="20.5" r="2" fill="${W}"/><circle cx="18" cy="20.5" r="2" fill="${W}"/>`,
};

const COLORS = {
  fuel: '#ef6c00',
  generic: '#3bb2d0',
  hospital: '#d32f2f',
  airport: '#0277bd',
  bed: '#6a1b9a',
  building: '#455a64',
  church: '#6d4c41',
  hotel: '#8e24aa',
  house: '#00897b',
  info: '#1976d2',
  plant: '#558b2f',
  question: '#757575',
  restaurant: '#e64a19',
  trash: '#546e7a',
  warehouse: '#8d6e63',
  pharmacy: '#2e7d32',
  police: '#1a237e',
  repair: '#f57c00',
  supermarket: '#c2185b',
};

const PIN = 'M24 46C20.5 40.5 8 31.5 8 19.5a16 16 0 0 1 32 0C40 31.5 27.5 40.5 24 46z';

for (const [name, color] of Object.entries(COLORS)) {
  writeSvg(
    `pois/${name}.svg`,
    48,
    `<ellipse cx="24" cy="45.5" rx="6" ry="2" fill="#000" opacity=".25"/>
     <path d="${PIN}" fill="${color}" stroke="#fff" stroke-width="2"/>
     <path d="${PIN}" fill="none" stroke="#000" stroke-opacity=".25" stroke-width=".8"/>
     <g transform="translate(13.5 9) scale(.875)">${GLYPHS[name](color)}</g>`,
  );
}
writeSvg(
  'pois/blue-dot.svg',
  48,
  `<circle cx="24" cy="24" r="17" fill="#1e88e5" opacity=".22"/>
   <circle cx="24" cy="24" r="9.5" fill="#1e88e5" stroke="#fff" stroke-width="3.5"/>
   <circle cx="24" cy="24" r="11.3" fill="none" stroke="#000" stroke-opacity=".25" stroke-width=".8"/>`,
);
console.log(`POIs: ${Object.keys(COLORS).length + 1} icons`);
