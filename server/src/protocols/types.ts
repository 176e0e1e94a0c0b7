/** One position as a device protocol decoded it, before the pipeline enriches it. */
export interface DecodedPosition {
  protocol: 'teltonika' | 'osmand' | 'gt06' | 'h02' | 'gl200' | 'gps103' | 'wialon' | 'traccar';
  uniqueId: string;
  fixTime: Date;
  deviceTime: Date;
  latitude: number;
  longitude: number;
  altitude: number;
  /** knots */
  speed: number;
  course: number;
  valid: boolean;
  accuracy?: number;
  event?: number;
  attributes: Record<string, unknown>;
}

/** Where listeners hand decoded positions; the pipeline implements it. */
export interface IngestSink {
  /** true when a device with this uniqueId (IMEI / OsmAnd id) exists and is enabled */
  isKnownDevice(uniqueId: string): Promise<boolean>;
  /** commits the positions (in order) durably; resolves only after commit. Rejects on failure. */
  store(positions: DecodedPosition[]): Promise<void>;
  /** commands queued for the device while it was not connected here, oldest first */
  pendingCommands?(uniqueId: string): Promise<Array<{ id: number; text: string }>>;
  /** the device has that command: it is not sent again */
  commandDelivered?(id: number): Promise<void>;
}

/** The subset of a pino logger the listeners use (pino's Logger satisfies it). */
export interface ProtocolLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
