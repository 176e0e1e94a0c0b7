import { hasTachograph, numberAttr, tachoActivity, type TachoActivity } from '@frota/core';

/**
 * The tachograph panel (document 1 §2), shown when io48 is above 0. Which IO carries each value is not
 * given by the specification; these are the Teltonika tachograph elements of protocols/tachograph.md (the
 * table core's tachograph decoder uses): io48 the tachograph clock (epoch seconds), io192 the tachograph
 * odometer (metres; io87, the CAN odometer, when the tachograph sends none), io184 driver 1's working
 * state, io187 driver 1's card presence, io56 continuous driving and io58 cumulative break (seconds).
 */
export const TACHO_IO = {
  time: 'io48',
  odometer: 'io192',
  canOdometer: 'io87',
  activity: 'io184',
  card: 'io187',
  driving: 'io56',
  rest: 'io58',
};

const minutesOf = (seconds: number | undefined) => (seconds === undefined ? undefined : seconds / 60);

export interface TachoPanel {
  time: string | undefined;
  odometerKm: number | undefined;
  activity: TachoActivity | undefined;
  cardInserted: boolean | undefined;
  drivingMinutes: number | undefined;
  restMinutes: number | undefined;
}

export function tachoPanel(attributes: Record<string, unknown>): TachoPanel | null {
  if (!hasTachograph(attributes)) return null;
  const seconds = numberAttr(attributes[TACHO_IO.time]);
  const metres = numberAttr(attributes[TACHO_IO.odometer]) ?? numberAttr(attributes[TACHO_IO.canOdometer]);
  const card = numberAttr(attributes[TACHO_IO.card]);
  return {
    time: seconds !== undefined && seconds > 1e8 ? new Date(seconds * 1000).toISOString() : undefined,
    odometerKm: metres === undefined ? undefined : Math.round(metres / 100) / 10,
    activity: tachoActivity(attributes[TACHO_IO.activity]),
    cardInserted: card === undefined ? undefined : card > 0,
    drivingMinutes: minutesOf(numberAttr(attributes[TACHO_IO.driving])),
    restMinutes: minutesOf(numberAttr(attributes[TACHO_IO.rest])),
  };
}

/** Minutes as h:mm. */
export const minutesText = (minutes: number): string =>
  `${Math.floor(minutes / 60)}:${String(Math.round(minutes % 60)).padStart(2, '0')}`;
