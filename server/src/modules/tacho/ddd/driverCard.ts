import { ByteReader } from './byteReader';
import { readCardActivity } from './cardActivity';
import { readCardBlocks, type CardBlock } from './cardBlocks';
import { codePageText, ia5Text, timeReal } from './dataTypes';
import { DddError } from './dddError';
import { nationAlpha } from './nations';
import type { DddActivityDay, DddEntity } from './types';

const EF_APPLICATION_IDENTIFICATION = 0x0501;
const EF_DRIVER_ACTIVITY = 0x0504;
const EF_LAST_CARD_DOWNLOAD = 0x050e;
const EF_IDENTIFICATION = 0x0520;
/** CardIdentification (65) + DriverCardHolderIdentification (78). */
const DRIVER_IDENTIFICATION_LENGTH = 143;
/** EquipmentType of a driver card (data dictionary 2.67). */
const DRIVER_CARD = 1;

export interface DriverCardContent {
  generation: 1 | 2;
  entity: DddEntity;
  downloadDate: number | null;
  activities: DddActivityDay[];
}

/**
 * A driver card download, Gen1 or Gen2. A Gen2 card carries its Gen1 application too; where both hold an
 * elementary file the Gen2 one (appendix 02) is read, as it has the larger buffers.
 */
export function readDriverCard(bytes: Buffer): DriverCardContent {
  const blocks = readCardBlocks(bytes);
  const generation = blocks.some((b) => b.appendix >= 2) ? 2 : 1;
  const data = (fid: number): Buffer | undefined => {
    const of = (appendix: number): CardBlock | undefined =>
      blocks.find((b) => b.fid === fid && b.appendix === appendix);
    return (of(2) ?? of(0))?.value;
  };

  const identification = data(EF_IDENTIFICATION);
  if (!identification) throw new DddError('truncated', 'no card identification (EF 0520)');
  const application = data(EF_APPLICATION_IDENTIFICATION);
  const isDriverCard = application?.length
    ? application[0] === DRIVER_CARD
    : identification.length === DRIVER_IDENTIFICATION_LENGTH;
  if (!isDriverCard) throw new DddError('notDriverCard');
  if (identification.length < DRIVER_IDENTIFICATION_LENGTH) {
    throw new DddError('truncated', `card identification of ${identification.length} bytes`);
  }

  const lastDownload = data(EF_LAST_CARD_DOWNLOAD);
  const activity = data(EF_DRIVER_ACTIVITY);
  return {
    generation,
    entity: readIdentification(identification),
    downloadDate: lastDownload && lastDownload.length >= 4 ? timeReal(lastDownload.readUInt32BE(0)) : null,
    activities: activity ? readCardActivity(activity) : [],
  };
}

/** CardIdentification then DriverCardHolderIdentification (data dictionary 2.24 and 2.62). */
function readIdentification(value: Buffer): DddEntity {
  const r = new ByteReader(value);
  const nation = r.u8();
  const cardNumber = ia5Text(r.bytes(16));
  r.skip(36 + 4 + 4 + 4); // issuing authority name, issue date, validity begin, expiry date
  const surname = codePageText(r.u8(), r.bytes(35));
  const firstNames = codePageText(r.u8(), r.bytes(35));
  return { cardNumber, surname, firstNames, nation: nationAlpha(nation) };
}
