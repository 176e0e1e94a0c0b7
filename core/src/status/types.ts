/** Free-form attribute bags as the API delivers them: values may be numbers, booleans or numeric strings. */
export type AttributeBag = Record<string, unknown>;

export interface StatusDevice {
  name?: string;
  attributes: AttributeBag;
  disabled?: boolean;
}

export interface StatusPosition {
  fixTime: string | Date;
  /** Knots, as stored. */
  speed: number;
  valid: boolean;
  event?: number | null;
  attributes: AttributeBag;
}

/** Everything the status rules look at: the device, its latest position (if any) and the clock. */
export interface StatusInput {
  device: StatusDevice;
  position?: StatusPosition | null;
  now: Date;
}
