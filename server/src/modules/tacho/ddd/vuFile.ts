import { ByteReader } from './byteReader';
import { DddError } from './dddError';
import {
  readActivitiesGen1,
  readOverviewGen1,
  skipEventsGen1,
  skipSpeedGen1,
  skipTechnicalGen1,
} from './vuGen1';
import { readActivitiesGen2, readOverviewGen2, readRecordArrays } from './vuGen2';
import type { VuOverview } from './vuOverview';

/** Service identifier of a positive transfer-data response: every VU block opens with it. */
const VU_SID = 0x76;
/** Download interface version (Gen2 v2 downloads may start with it): two bytes follow. */
const TREP_INTERFACE_VERSION = 0x00;
const TREP_OVERVIEW_GEN1 = 0x01;
const OVERVIEWS = new Set([TREP_OVERVIEW_GEN1, 0x21, 0x31]);

export interface VuContent {
  generation: 1 | 2;
  overview: VuOverview;
  /** Days downloaded with activities, in file order. */
  activityDays: number[];
}

/** Whether the bytes open like a vehicle unit download: an overview block, maybe after the interface version. */
export function looksLikeVuFile(bytes: Buffer): boolean {
  const start = bytes[0] === VU_SID && bytes[1] === TREP_INTERFACE_VERSION ? 4 : 0;
  return bytes.length >= start + 2 && bytes[start] === VU_SID && OVERVIEWS.has(bytes[start + 1]);
}

/**
 * A vehicle unit download: the overview, then any number of activity, events, speed and technical blocks
 * of either generation. Gen1 blocks are read structurally, Gen2 blocks by their record arrays.
 */
export function readVuFile(bytes: Buffer): VuContent {
  const r = new ByteReader(bytes);
  let overview: VuOverview | undefined;
  let generation: 1 | 2 = 1;
  const activityDays: number[] = [];
  while (r.remaining > 0) {
    const sid = r.u8();
    const trep = r.u8();
    if (sid !== VU_SID) throw new DddError('truncated', `no block at offset ${r.pos - 2}`);
    if (trep === TREP_INTERFACE_VERSION) {
      r.skip(2);
      continue;
    }
    if (OVERVIEWS.has(trep)) {
      const read = trep === TREP_OVERVIEW_GEN1 ? readOverviewGen1(r) : readOverviewGen2(r);
      if (!overview) {
        overview = read;
        generation = trep === TREP_OVERVIEW_GEN1 ? 1 : 2;
      }
      continue;
    }
    if (!overview) throw new DddError('notTachograph', 'no overview block first');
    const day = readBlock(r, trep);
    if (day !== undefined && day !== null) activityDays.push(day);
  }
  if (!overview) throw new DddError('notTachograph', 'no overview block');
  return { generation, overview, activityDays };
}

/** Reads one non-overview block; returns the day of an activities block. */
function readBlock(r: ByteReader, trep: number): number | null | undefined {
  switch (trep) {
    case 0x02:
      return readActivitiesGen1(r);
    case 0x03:
      skipEventsGen1(r);
      return undefined;
    case 0x04:
      skipSpeedGen1(r);
      return undefined;
    case 0x05:
      skipTechnicalGen1(r);
      return undefined;
    case 0x22:
    case 0x32:
      return readActivitiesGen2(r);
    case 0x23:
    case 0x24:
    case 0x25:
    case 0x33:
    case 0x35:
      readRecordArrays(r);
      return undefined;
    default:
      throw new DddError('truncated', `unknown block 76 ${trep.toString(16).padStart(2, '0')}`);
  }
}
