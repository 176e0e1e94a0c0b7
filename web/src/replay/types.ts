/**
 * The replay call's column answer (POST /report/report_routechartdata.php with `format: 'columns'`, issue 16
 * contract 1) and the typed arrays the screen holds it in: a week at 1 Hz is 604,800 positions.
 */

export interface ReplayTrip {
  trip_start_fixtime: string;
  trip_end_fixtime: string;
  trip_start_address: string | null;
  trip_end_address: string | null;
  /** knots */
  trip_max_speed: number;
  /** seconds */
  trip_duration: number;
  /** metres */
  trip_distance: number;
  trip_driver_uniqueid: string | null;
  trip_ptos: number | null;
  trip_refills: number | null;
  trip_privacy: boolean | number | null;
  start_index: number;
  end_index: number;
}

export interface ReplayDevice {
  id: number;
  name: string;
  licensePlate: string | null;
  /** litres, or null when unknown */
  fuelCapacity: number | null;
  /** 1 = electric (kW) */
  fuelType: number | null;
}

export interface ColumnPositions {
  id: number[];
  fixTime: number[];
  latitude: Array<number | null>;
  longitude: Array<number | null>;
  speed: number[];
  course: number[];
  distance: number[];
  event: Array<string | null>;
  speedLimit: Array<number | null>;
  privacy: Array<0 | 1>;
  series: Record<string, Array<number | null>>;
}

/** The series alone (format series), with the ids of the positions they belong to. */
export interface SeriesAnswer {
  id: number[];
  series: Record<string, Array<number | null>>;
}

export interface ColumnAnswer {
  positions: ColumnPositions;
  trips: ReplayTrip[];
  device?: ReplayDevice;
}

/** Event kinds marked on the route (document 2 §2.6). */
export const ROUTE_EVENTS = ['start', 'fuel', 'speeding', 'stop', 'idle', 'pto'] as const;
export type RouteEvent = (typeof ROUTE_EVENTS)[number];

/**
 * The replayed period. Private positions are already blanked: NaN coordinates and NaN in every series
 * (the map, the list and the chart never see them).
 */
export interface ReplayData {
  length: number;
  id: Float64Array;
  /** epoch ms */
  time: Float64Array;
  latitude: Float64Array;
  longitude: Float64Array;
  /** knots */
  speed: Float32Array;
  course: Float32Array;
  /** metres from the previous position */
  distance: Float32Array;
  /** km/h, NaN for none */
  speedLimit: Float32Array;
  privacy: Uint8Array;
  /** index and kind of each route event */
  events: Array<{ index: number; kind: RouteEvent }>;
  /** numeric attributes by name, NaN for none (each made on first read) */
  series: Record<string, Float64Array>;
  /** the attributes with at least one shown value */
  seriesNames: string[];
  /** false while the series are not asked yet (the route comes first; the chart asks for them) */
  seriesLoaded: boolean;
  /**
   * false while only the route is in (a streamed answer): no speed limits, steps, events or trips yet;
   * they come in a new ReplayData sharing the route's arrays
   */
  marksLoaded: boolean;
  trips: ReplayTrip[];
  device: ReplayDevice | null;
}

/** The selected stretch of positions, both ends included. */
export interface Bounds {
  lo: number;
  hi: number;
}
