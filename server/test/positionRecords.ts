/** One vehicle's record at one time, as the pipeline holds it and as the positions table takes it. */
import type { Dialect } from '../src/db/database';
import { fromBool, toJson } from '../src/db/mapping';
import type { ProcessedPosition } from '../src/processing/types';

/** A valid fix, standing still in Luanda, received when taken; a test overrides what it is about. */
export const recordAt = (
  deviceId: number,
  fixTime: number,
  over: Partial<ProcessedPosition> = {},
): ProcessedPosition => ({
  deviceId,
  protocol: 'test',
  serverTime: fixTime,
  deviceTime: fixTime,
  fixTime,
  valid: true,
  latitude: -8.8,
  longitude: 13.2,
  altitude: 0,
  speed: 0,
  course: 0,
  accuracy: 0,
  address: null,
  event: null,
  attributes: {},
  outdated: false,
  ...over,
});

/** The values of a positions INSERT for a record (the table keeps no `outdated`). */
export function positionRow(dialect: Dialect, record: ProcessedPosition) {
  const { outdated: _outdated, valid, attributes, ...columns } = record;
  return { ...columns, valid: fromBool(dialect, valid), attributes: toJson(attributes) };
}
