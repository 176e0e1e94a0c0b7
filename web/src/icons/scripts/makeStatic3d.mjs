/**
 * Draws the 3D static vehicle icons (category 3d_static_{name}, document 1 §9: 100 px): a fixed
 * three-quarter view that the map does not rotate. Run once: `node web/src/icons/scripts/makeStatic3d.mjs`.
 */
import { GLASS, INK, box, extrude, face, onFront, onSide, pts, render, wheel } from './project3d.mjs';
import { writeSvg } from './svgFile.mjs';

const LAMP = '#ffd54f';
const shadow = (l, w, over = 0.3) =>
  face(
    [
      [-over, -over, 0],
      [l + over, -over, 0],
      [l + over, w + over, 0],
      [-over, w + over, 0],
    ],
    '#000',
    ' stroke="none" fill-opacity="0.16"',
  );
const farWheels = (xs, r, y = 0.02) => xs.flatMap((x) => wheel(x, r, y, '#78909c'));
const nearWheels = (xs, r, w) => xs.flatMap((x) => wheel(x, r, w + 0.01));
const lamp = (x, y, z, w = 0.3, h = 0.14) =>
  face(
    onFront(
      [
        [y, z],
        [y + w, z],
        [y + w, z + h],
        [y, z + h],
      ],
      x + 0.01,
    ),
    LAMP,
  );
const sideGlass = (points, y) => face(onSide(points, y + 0.01), GLASS.side);
const frontGlass = (points, x) => face(onFront(points, x + 0.01), GLASS.front);

const car = () => {
  const [L, W] = [4.4, 1.8];
  return [
    shadow(L, W),
    ...farWheels([0.9, 3.5], 0.34),
    ...extrude(
      [
        [0, 0.3],
        [L, 0.3],
        [L, 0.68],
        [3.4, 0.88],
        [0.05, 0.92],
        [0, 0.7],
      ],
      0,
      W,
    ),
    ...extrude(pts('0.45 0.9, 3.25 0.88, 2.45 1.42, 0.85 1.42'), 0.12, W - 0.12, { glass: [1, 3] }),
    sideGlass(pts('0.7 0.96, 1.6 0.96, 1.6 1.35, 0.95 1.35'), W - 0.12),
    sideGlass(pts('1.75 0.96, 3.0 0.95, 2.4 1.35, 1.75 1.35'), W - 0.12),
    lamp(L, 0.15, 0.5),
    lamp(L, W - 0.45, 0.5),
    ...nearWheels([0.9, 3.5], 0.34, W),
  ];
};

const van = () => {
  const [L, W] = [5, 2];
  return [
    shadow(L, W),
    ...farWheels([1, 4.1], 0.36),
    ...extrude(
      [
        [0, 0.32],
        [L, 0.32],
        [L, 0.95],
        [4.35, 1.25],
        [3.75, 2.35],
        [0, 2.4],
      ],
      0,
      W,
      { glass: [3] },
    ),
    sideGlass(pts('3.45 1.3, 4.25 1.3, 3.75 2.2, 3.45 2.2'), W),
    face(onSide(pts('2.2 0.45, 3.3 0.45, 3.3 2.2, 2.2 2.2'), W + 0.01), 'none'),
    lamp(L, 0.15, 0.7),
    lamp(L, W - 0.45, 0.7),
    ...nearWheels([1, 4.1], 0.36, W),
  ];
};

const truck = () => {
  const [L, W] = [7.2, 2.4];
  return [
    shadow(L, W),
    ...farWheels([1.1, 2.2, 6.1], 0.5),
    ...box(0, 5.2, 0.1, W - 0.1, 0.75, 1.0, {
      colors: { top: '#90a4ae', side: '#78909c', front: '#607d8b' },
    }),
    ...box(0, 5.1, 0, W, 1.0, 3.4),
    ...extrude(
      [
        [5.35, 0.55],
        [L, 0.55],
        [L, 2.7],
        [6.95, 3.05],
        [5.35, 3.05],
      ],
      0,
      W,
    ),
    frontGlass(
      [
        [0.2, 1.85],
        [W - 0.2, 1.85],
        [W - 0.2, 2.6],
        [0.2, 2.6],
      ],
      L,
    ),
    sideGlass(pts('6.2 1.85, 6.95 1.85, 6.95 2.6, 6.2 2.6'), W),
    lamp(L, 0.2, 0.8, 0.4, 0.2),
    lamp(L, W - 0.6, 0.8, 0.4, 0.2),
    ...nearWheels([1.1, 2.2, 6.1], 0.5, W),
  ];
};

const bus = () => {
  const [L, W] = [12, 2.5];
  const windows = [1.0, 3.0, 5.0, 7.0, 9.0].map((x) =>
    sideGlass(
      [
        [x, 1.7],
        [x + 1.7, 1.7],
        [x + 1.7, 2.75],
        [x, 2.75],
      ],
      W,
    ),
  );
  return [
    shadow(L, W),
    ...farWheels([2.2, 9.6], 0.5),
    ...extrude(
      [
        [0, 0.35],
        [L, 0.35],
        [L, 2.9],
        [11.8, 3.15],
        [0.1, 3.15],
        [0, 3.0],
      ],
      0,
      W,
    ),
    ...windows,
    sideGlass(pts('10.9 0.6, 11.7 0.6, 11.7 2.75, 10.9 2.75'), W),
    frontGlass(
      [
        [0.15, 1.4],
        [W - 0.15, 1.4],
        [W - 0.15, 2.8],
        [0.15, 2.8],
      ],
      L,
    ),
    lamp(L, 0.2, 0.65, 0.4, 0.2),
    lamp(L, W - 0.6, 0.65, 0.4, 0.2),
    ...nearWheels([2.2, 9.6], 0.5, W),
  ];
};

const jeep = () => {
  const [L, W] = [4.2, 1.9];
  return [
    shadow(L, W),
    ...farWheels([0.85, 3.35], 0.42),
    ...box(-0.3, 0.05, 0.6, 1.3, 0.7, 1.5, { colors: { top: '#546e7a', side: INK, front: '#37474f' } }),
    ...box(0, L, 0, W, 0.45, 1.1),
    ...extrude(pts('0.05 1.1, 2.85 1.1, 2.75 1.85, 0.05 1.85'), 0.05, W - 0.05, { glass: [1] }),
    ...box(0.3, 2.6, 0.2, W - 0.2, 1.85, 1.95, { colors: { top: '#607d8b', side: INK, front: INK } }),
    sideGlass(pts('0.3 1.2, 1.35 1.2, 1.35 1.75, 0.3 1.75'), W - 0.05),
    sideGlass(pts('1.5 1.2, 2.65 1.2, 2.6 1.75, 1.5 1.75'), W - 0.05),
    ...box(L, L + 0.12, 0.2, W - 0.2, 0.45, 0.95, {
      colors: { top: '#546e7a', side: INK, front: '#37474f' },
    }),
    lamp(L + 0.12, 0.25, 0.75, 0.3, 0.15),
    lamp(L + 0.12, W - 0.55, 0.75, 0.3, 0.15),
    ...nearWheels([0.85, 3.35], 0.42, W),
  ];
};

const bike = () => {
  const W = 0.5;
  const y = W / 2;
  const side = (points, fill) => face(onSide(points, y), fill);
  return [
    shadow(2.1, W, 0.1),
    ...wheel(0.35, 0.34, y - 0.01),
    ...wheel(1.75, 0.34, y - 0.01),
    side(pts('1.7 0.35, 1.48 1.12, 1.56 1.14, 1.78 0.37'), INK),
    side(pts('0.35 0.35, 1.3 0.45, 1.45 0.8, 1.2 0.98, 0.85 0.88, 0.3 0.9, 0.15 0.7'), '#e1e7ea'),
    side(pts('0.3 0.88, 0.85 0.88, 0.82 0.98, 0.35 0.98'), INK),
    ...box(1.44, 1.54, -0.12, W + 0.12, 1.1, 1.16, { colors: { top: INK, side: INK, front: INK } }),
    lamp(1.62, y - 0.1, 0.95, 0.2, 0.12),
  ];
};

const boat = () => {
  const deck = pts('0 0 1, 4.2 0 1, 6 1.1 1, 4.2 2.2 1, 0 2.2 1');
  const keel = pts('0.2 0.5 0.15, 4.0 0.5 0.15, 5.5 1.1 0.3, 4.0 1.7 0.15, 0.2 1.7 0.15');
  const hull = [2, 3, 4].map((i) =>
    face([deck[i], deck[(i + 1) % 5], keel[(i + 1) % 5], keel[i]], '#e1e7ea'),
  );
  return [
    face(
      pts('-0.6 -0.6 0.2, 6.6 -0.6 0.2, 6.6 2.8 0.2, -0.6 2.8 0.2'),
      '#4fc3f7',
      ' stroke="none" fill-opacity="0.45"',
    ),
    face([keel[3], keel[4], deck[4], deck[3]], '#e1e7ea'),
    face([keel[2], keel[3], deck[3], deck[2]], '#c2ccd1'),
    ...hull.slice(2),
    face(deck, '#fafafa'),
    face(pts('0.1 0.1 1.01, 0.1 2.1 1.01, 0.4 2.1 1.01, 0.4 0.1 1.01'), INK),
    ...extrude(pts('1.2 1, 3.6 1, 3.1 1.8, 1.4 1.8'), 0.45, 1.75, { glass: [1] }),
    sideGlass(pts('1.6 1.2, 3.2 1.2, 2.95 1.6, 1.6 1.6'), 1.75),
  ];
};

const tractor = () => {
  const W = 1.9;
  const tyre = '#37474f';
  return [
    shadow(4.2, W),
    ...wheel(1.0, 0.8, 0.05, '#ffd54f'),
    ...wheel(3.5, 0.45, 0.25, '#ffd54f'),
    ...box(2.0, 4.1, 0.55, 1.35, 0.55, 1.5),
    ...box(0.3, 2.0, 0.2, 1.7, 0.9, 1.25),
    ...extrude(pts('0.35 1.25, 1.95 1.25, 1.95 2.85, 0.35 2.85'), 0.3, 1.6, {
      colors: GLASS,
      side: GLASS.side,
    }),
    ...box(0.25, 2.05, 0.25, 1.65, 2.85, 3.0),
    ...box(2.6, 2.72, 0.6, 0.72, 1.5, 2.4, { colors: { top: INK, side: INK, front: INK } }),
    face(onFront(pts('0.7 0.75, 1.2 0.75, 1.2 1.3, 0.7 1.3'), 4.11), tyre),
    ...wheel(3.5, 0.45, 1.5, '#ffd54f'),
    ...wheel(1.0, 0.8, W, '#ffd54f'),
  ];
};

const pickup = () => {
  const [L, W] = [5.2, 1.9];
  return [
    shadow(L, W),
    ...farWheels([1.0, 4.1], 0.38),
    ...extrude(
      [
        [0, 0.35],
        [L, 0.35],
        [L, 0.8],
        [4.3, 1.0],
        [0, 1.05],
      ],
      0,
      W,
    ),
    ...box(0.08, 2.0, 0.12, W - 0.12, 0.9, 1.02, {
      colors: { top: '#90a4ae', side: '#90a4ae', front: '#78909c' },
    }),
    ...extrude(pts('2.05 1.02, 4.25 1.0, 3.45 1.6, 2.25 1.6'), 0.1, W - 0.1, { glass: [1] }),
    sideGlass(pts('2.4 1.1, 3.9 1.08, 3.4 1.52, 2.4 1.52'), W - 0.1),
    lamp(L, 0.15, 0.55),
    lamp(L, W - 0.45, 0.55),
    ...nearWheels([1.0, 4.1], 0.38, W),
  ];
};

const ICONS = { car, truck, van, bus, jeep, bike, boat, tractor, pickup };
for (const [name, draw] of Object.entries(ICONS))
  writeSvg(`vehicles/3d_static/${name}.svg`, 100, render(draw()));
console.log(`3D static: ${Object.keys(ICONS).length} icons`);
