/**
 * Draws the 34 shaded 3D vehicle icons (categories 3d_vehicle_1 to 3d_vehicle_34, document 1 §3 and §9)
 * in the four status colours gray, green, red and yellow: seen from above, front to the north, 128x128;
 * the map rotates them by course. Writes images/vehicles/3d/{n}/{color}.svg.
 * Run once: `node web/src/icons/scripts/make3d.mjs`.
 */
import { writeSvg } from './svgFile.mjs';
import { INK, paintDefs } from './topDown.mjs';
import { MACHINES } from './make3dMachines.mjs';
import { ROAD } from './make3dRoad.mjs';

export const COLORS = ['gray', 'green', 'red', 'yellow'];
const VEHICLES = [...ROAD, ...MACHINES];
if (VEHICLES.length !== 34) throw new Error(`expected 34 vehicles, got ${VEHICLES.length}`);

let largest = 0;
VEHICLES.forEach((draw, index) => {
  const inner = `<g stroke="${INK}" stroke-width="1.6" stroke-linejoin="round">${draw()}</g>`;
  for (const color of COLORS) {
    largest = Math.max(
      largest,
      writeSvg(`vehicles/3d/${index + 1}/${color}.svg`, 128, inner, paintDefs(color)),
    );
  }
});
console.log(`3D: ${VEHICLES.length} vehicles x ${COLORS.length} colours, largest file ${largest} bytes`);
