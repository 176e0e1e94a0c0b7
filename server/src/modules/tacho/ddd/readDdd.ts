import { looksLikeCardFile } from './cardBlocks';
import { dayStart } from './dataTypes';
import { DDD_MESSAGES, DddError } from './dddError';
import { readDriverCard } from './driverCard';
import { baseFileName, dddFileName } from './fileName';
import type { DddFile, DddReadResult, DddRefusal } from './types';
import { looksLikeVuFile, readVuFile } from './vuFile';

const refuse = (reason: DddRefusal): DddReadResult => ({ ok: false, reason, message: DDD_MESSAGES[reason] });

/**
 * Reads a tachograph download (DDD file): a driver card (Gen1 or Gen2) or a vehicle unit (Gen1 or Gen2).
 * The content decides the kind, never the name. Anything else (empty, random bytes, another format, a
 * file cut short) is refused with a Portuguese message. Signatures are not verified.
 */
export function readDdd(bytes: Buffer, fileName?: string): DddReadResult {
  if (bytes.length === 0) return refuse('empty');
  try {
    let file: Omit<DddFile, 'fileName' | 'size'>;
    if (looksLikeCardFile(bytes)) file = driverCardFile(bytes);
    else if (looksLikeVuFile(bytes)) file = vehicleUnitFile(bytes);
    else return refuse('notTachograph');
    const name = baseFileName(fileName) || dddFileName(file, file.dataTo);
    return { ok: true, file: { ...file, fileName: name, size: bytes.length } };
  } catch (err) {
    if (err instanceof DddError) return refuse(err.reason);
    throw err;
  }
}

function driverCardFile(bytes: Buffer): Omit<DddFile, 'fileName' | 'size'> {
  const card = readDriverCard(bytes);
  const { activities } = card;
  return {
    kind: 'D',
    generation: card.generation,
    entity: card.entity,
    downloadDate: card.downloadDate,
    dataFrom: activities.length ? activities[0].day : null,
    dataTo: activities.length ? activities[activities.length - 1].day : null,
    days: activities.length,
    activities,
  };
}

/** Days come from the activity blocks; a download of the overview alone reports its downloadable period. */
function vehicleUnitFile(bytes: Buffer): Omit<DddFile, 'fileName' | 'size'> {
  const vu = readVuFile(bytes);
  const { overview } = vu;
  const days = [...new Set(vu.activityDays.map(dayStart))].sort((a, b) => a - b);
  const periodDay = (t: number | null) => (t === null ? null : dayStart(t));
  return {
    kind: 'V',
    generation: vu.generation,
    entity: { vin: overview.vin, vrn: overview.vrn, nation: overview.nation },
    downloadDate: overview.currentTime,
    dataFrom: days.length ? days[0] : periodDay(overview.from),
    dataTo: days.length ? days[days.length - 1] : periodDay(overview.to),
    days: days.length,
  };
}
