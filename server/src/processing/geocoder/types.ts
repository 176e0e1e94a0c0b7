/** Shapes shared by the geocoder files. */

/** The subset of a pino logger the geocoder uses (pino's Logger satisfies it). */
export interface GeocoderLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface Geocoder {
  /** A short address for the point, or null when there is none (invalid coordinates, empty index). */
  lookup(lat: number, lon: number): Promise<string | null>;
  /**
   * Never waits on the network: the cached address when there is one, else the offline answer. For the
   * ingestion pipeline, which must not wait on an address per record.
   */
  lookupSync(lat: number, lon: number): string | null;
  /**
   * The posted speed limit (knots) of the road at the point, from answers already cached; never waits.
   * With a server configured, a miss asks it in the background so the next position there has it.
   * Always undefined offline (the place list has no roads).
   */
  roadLimitSync(lat: number, lon: number): number | undefined;
}
