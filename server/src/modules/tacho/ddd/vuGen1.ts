import type { ByteReader } from './byteReader';
import { codePageText, ia5Text, timeReal } from './dataTypes';
import { nationAlpha } from './nations';
import type { VuOverview } from './vuOverview';

/**
 * Gen1 vehicle unit blocks (Annex 1B Appendix 7 §2.2.6) carry no length: each is read field by field,
 * counted lists included, and ends with a 128-byte RSA signature. Sizes from the data dictionary.
 */
const SIGNATURE = 128;
const CERTIFICATE = 194;
const FULL_CARD_NUMBER = 18;
const NAME = 36;

function skipList(r: ByteReader, count: number, recordSize: number): void {
  r.skip(count * recordSize);
}

/** 0x7601 overview: certificates, VIN, registration, current time, downloadable period and the rest. */
export function readOverviewGen1(r: ByteReader): VuOverview {
  r.skip(2 * CERTIFICATE); // member state certificate, VU certificate
  const vin = ia5Text(r.bytes(17));
  const nation = r.u8();
  const vrn = codePageText(r.u8(), r.bytes(13));
  const currentTime = timeReal(r.u32());
  const from = timeReal(r.u32());
  const to = timeReal(r.u32());
  r.skip(1); // card slots status
  r.skip(4 + FULL_CARD_NUMBER + NAME); // VuDownloadActivityData
  skipList(r, r.u8(), 4 + 4 + NAME + NAME + FULL_CARD_NUMBER); // company locks
  skipList(r, r.u8(), 1 + 4 + FULL_CARD_NUMBER + 4 + 4); // control activities
  r.skip(SIGNATURE);
  return { vin, vrn, nation: nationAlpha(nation), currentTime, from, to };
}

/** 0x7602 activities of one day; returns the day (TimeReal of the day downloaded). */
export function readActivitiesGen1(r: ByteReader): number | null {
  const day = timeReal(r.u32());
  r.skip(3); // odometer at midnight
  skipList(r, r.u16(), 72 + FULL_CARD_NUMBER + 4 + 4 + 3 + 1 + 4 + 3 + 15 + 4 + 1); // card insertions
  skipList(r, r.u16(), 2); // activity changes
  skipList(r, r.u8(), FULL_CARD_NUMBER + 10); // places
  skipList(r, r.u16(), 5); // specific conditions
  r.skip(SIGNATURE);
  return day;
}

/** 0x7603 events and faults. */
export function skipEventsGen1(r: ByteReader): void {
  skipList(r, r.u8(), 1 + 1 + 4 + 4 + 4 * FULL_CARD_NUMBER); // faults
  skipList(r, r.u8(), 1 + 1 + 4 + 4 + 4 * FULL_CARD_NUMBER + 1); // events
  r.skip(4 + 4 + 1); // over-speeding control data
  skipList(r, r.u8(), 1 + 1 + 4 + 4 + 1 + 1 + FULL_CARD_NUMBER + 1); // over-speeding events
  skipList(r, r.u8(), 4 + 4 + NAME + NAME + FULL_CARD_NUMBER); // time adjustments
  r.skip(SIGNATURE);
}

/** 0x7604 detailed speed: blocks of a begin time and 60 speeds. */
export function skipSpeedGen1(r: ByteReader): void {
  skipList(r, r.u16(), 4 + 60);
  r.skip(SIGNATURE);
}

/** 0x7605 technical data: identification, paired sensor, calibrations. */
export function skipTechnicalGen1(r: ByteReader): void {
  r.skip(NAME + NAME + 16 + 8 + 8 + 4 + 8); // VuIdentification
  r.skip(8 + 8 + 4); // SensorPaired
  skipList(
    r,
    r.u8(),
    1 + NAME + NAME + FULL_CARD_NUMBER + 4 + 17 + 15 + 2 + 2 + 2 + 15 + 1 + 3 + 3 + 4 + 4 + 4,
  );
  r.skip(SIGNATURE);
}
