import type { TachoCounters } from './counters';

/**
 * Where Teltonika heavy-duty trackers (FMB640/FMC650 family) put the tachograph's live data: IO ids of Codec 8
 * Extended records (../shared/protocols/tachograph.md). Other families may reuse ids differently, so this
 * table is the one place that knows them.
 */
export type TachoDriverField =
  | 'state'
  | 'cardPresence'
  | 'cardIdHigh'
  | 'cardIdLow'
  | 'firstName'
  | 'surname'
  | 'continuousDriving'
  | 'cumulativeBreak'
  | 'selectedActivityDuration'
  | 'dailyDriving'
  | 'weeklyDriving'
  | keyof TachoCounters;

export type TachoVehicleField = 'vrn1' | 'vrn2' | 'vin1' | 'vin2' | 'vin3';

export type TachoIoRow =
  | { id: number; driver: 1 | 2; field: TachoDriverField }
  | { id: number; vehicle: true; field: TachoVehicleField };

const d1 = (id: number, field: TachoDriverField): TachoIoRow => ({ id, driver: 1, field });
const d2 = (id: number, field: TachoDriverField): TachoIoRow => ({ id, driver: 2, field });
const vehicle = (id: number, field: TachoVehicleField): TachoIoRow => ({ id, vehicle: true, field });

/**
 * The counters are stored under the spec's `Driver1…` names for both drivers: each row of the tacho driver
 * grid is one card, and its counters are that card holder's own. Driver 2's daily rest countdown and daily and
 * weekly driving times have no id in the vendor list we hold, so they are not mapped.
 */
export const TACHO_IO_TABLE: readonly TachoIoRow[] = [
  d1(184, 'state'),
  d2(185, 'state'),
  d1(187, 'cardPresence'),
  d2(188, 'cardPresence'),
  d1(195, 'cardIdHigh'),
  d1(196, 'cardIdLow'),
  d2(197, 'cardIdHigh'),
  d2(198, 'cardIdLow'),
  d1(56, 'continuousDriving'),
  d2(57, 'continuousDriving'),
  d1(58, 'cumulativeBreak'),
  d2(59, 'cumulativeBreak'),
  d1(60, 'selectedActivityDuration'),
  d2(61, 'selectedActivityDuration'),
  d1(10507, 'dailyDriving'),
  d1(10508, 'weeklyDriving'),
  d1(10509, 'Driver1TimeLeftUntilNewDailyRestPeriod'),
  d1(10518, 'firstName'),
  d1(10519, 'surname'),
  d2(10520, 'firstName'),
  d2(10521, 'surname'),
  d1(10522, 'Driver1TimeLeftUntilNewWeeklyRestPeriod'),
  d2(10523, 'Driver1TimeLeftUntilNewWeeklyRestPeriod'),
  d1(10524, 'Driver1MinimumDailyRest'),
  d2(10525, 'Driver1MinimumDailyRest'),
  d1(10526, 'Driver1MinimumWeeklyRest'),
  d2(10527, 'Driver1MinimumWeeklyRest'),
  d1(10528, 'Driver1DurationOfNextBreakRest'),
  d2(10529, 'Driver1DurationOfNextBreakRest'),
  d1(10530, 'Driver1RemainingTimeUntilNextBreakOrRest'),
  d2(10531, 'Driver1RemainingTimeUntilNextBreakOrRest'),
  vehicle(231, 'vrn1'),
  vehicle(232, 'vrn2'),
  vehicle(233, 'vin1'),
  vehicle(234, 'vin2'),
  vehicle(235, 'vin3'),
];

/**
 * Seconds per unit of the time values (56–61, 10507–10531). The tracker sends them in seconds (as the spec's
 * counters are); should a firmware send minutes, this is the one number to change.
 */
export const TACHO_IO_TIME_UNIT = 1;

export const TACHO_IO_IDS: readonly number[] = TACHO_IO_TABLE.map((row) => row.id);
