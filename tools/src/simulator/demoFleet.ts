/**
 * What the demo seed (tools/src/seedDemo.ts) and the simulator agree on beyond the vehicle kinds: the
 * vehicles with a canbus (they report engine rpm), the school buses and the cards of the passengers riding
 * each, and the crane whose work input (pto_port) the simulator switches while it lifts. Indexes are fleet
 * indexes (uniqueId 356307042440000 + index), taken modulo the demo fleet's 25 like profile.ts.
 */

const FLEET_SIZE = 25;
const at = (index: number) => index % FLEET_SIZE;

/** seedDemo gives `has_canbus: 1` to every fifth vehicle. */
export const hasCanbus = (index: number): boolean => at(index) % 5 === 0;

/** The school buses (category bus, `has_passengers`), each carrying its own passengers. */
export const DEMO_SCHOOL_BUS_INDEXES: readonly number[] = [4, 18];
/** Passengers per bus: the first bus carries passengers 0..7, the second 8..14. */
export const DEMO_PASSENGERS_PER_BUS: readonly number[] = [8, 7];
export const DEMO_PASSENGER_COUNT = DEMO_PASSENGERS_PER_BUS.reduce((a, b) => a + b, 0);

/**
 * The card of demo passenger `index`: a 125 kHz RFID card number as the reader sends it in IO 78, written as
 * the 16 uppercase hex digits the server shows (never a demo driver's iButton, whose family code is 01).
 */
export function demoPassengerCard(index: number): string {
  const serial = 0x00a41c00 + (index % DEMO_PASSENGER_COUNT) * 0x1d + 0x07;
  return serial.toString(16).toUpperCase().padStart(16, '0');
}

/** The passengers (indexes) riding school bus `index`, none for another vehicle. */
export function passengersOfBus(index: number): number[] {
  const bus = DEMO_SCHOOL_BUS_INDEXES.indexOf(at(index));
  if (bus < 0) return [];
  const first = DEMO_PASSENGERS_PER_BUS.slice(0, bus).reduce((a, b) => a + b, 0);
  return Array.from({ length: DEMO_PASSENGERS_PER_BUS[bus] }, (_, i) => first + i);
}

/** The crane (one of the machines): its lift switches digital input DEMO_CRANE_PTO_PORT (Teltonika IO 2). */
export const DEMO_CRANE_INDEX = 22;
export const DEMO_CRANE_PTO_PORT = 2;

/** The digital input the vehicle's work (pto) switches, or undefined. */
export const ptoPortOf = (index: number): number | undefined =>
  at(index) === DEMO_CRANE_INDEX ? DEMO_CRANE_PTO_PORT : undefined;

/**
 * The vehicles in the workshop (seedDemo marks them `in_maintenance`, the management demo gives each an
 * entry still open since DEMO_WORKSHOP_DAYS ago): the simulator parks them from then on.
 */
export const DEMO_WORKSHOP_INDEXES: readonly number[] = [1, 11];
export const DEMO_WORKSHOP_DAYS = 3;
export const inDemoWorkshop = (index: number): boolean => DEMO_WORKSHOP_INDEXES.includes(index);
