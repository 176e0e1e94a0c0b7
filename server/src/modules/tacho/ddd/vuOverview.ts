/** What the overview block of a vehicle unit download says, in either generation. */
export interface VuOverview {
  vin: string;
  vrn: string;
  nation?: string;
  /** The vehicle unit's clock when the download was made. */
  currentTime: number | null;
  /** Downloadable period. */
  from: number | null;
  to: number | null;
}
