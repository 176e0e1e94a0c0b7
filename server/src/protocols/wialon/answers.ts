/** The server's answers of Wialon IPS 2.0, each a `#TYPE#code\r\n` line. */

/** Why a data record was not registered; each packet type answers it with its own code. */
export type RecordError =
  'structure' | 'time' | 'coordinates' | 'motion' | 'satellites' | 'io' | 'adc' | 'params' | 'checksum';

/** Short data (ASD): the protocol has no input, ADC or parameter fields there, so those are structure. */
const SHORT_DATA_CODES: Record<RecordError, string> = {
  structure: '-1',
  time: '0',
  coordinates: '10',
  motion: '11',
  satellites: '12',
  checksum: '13',
  io: '-1',
  adc: '-1',
  params: '-1',
};

/** Extended data (AD): 12 covers satellites and HDOP, 11 speed, course and altitude. */
const DATA_CODES: Record<RecordError, string> = {
  structure: '-1',
  time: '0',
  coordinates: '10',
  motion: '11',
  satellites: '12',
  io: '13',
  adc: '14',
  params: '15',
  checksum: '16',
};

export const answer = (type: string, code = ''): Buffer => Buffer.from(`#${type}#${code}\r\n`, 'latin1');

export const LOGIN_ACCEPTED = answer('AL', '1');
/** Connection refused: an unknown device, or a login that is not one. */
export const LOGIN_REFUSED = answer('AL', '0');
/** Kept for completeness: devices are identified by id alone here, passwords are not checked. */
export const LOGIN_BAD_PASSWORD = answer('AL', '01');
export const LOGIN_BAD_CHECKSUM = answer('AL', '10');
export const PING_ANSWER = answer('AP');

export function dataAnswer(kind: 'SD' | 'D', error?: RecordError): Buffer {
  if (!error) return answer(kind === 'SD' ? 'ASD' : 'AD', '1');
  return kind === 'SD' ? answer('ASD', SHORT_DATA_CODES[error]) : answer('AD', DATA_CODES[error]);
}

/** The count of black-box records registered. */
export const blackBoxAnswer = (accepted: number): Buffer => answer('AB', String(accepted));
/** A black-box packet whose checksum fails: an empty count, as the protocol answers an unreadable one. */
export const BLACK_BOX_REJECTED = answer('AB');

export const messageAnswer = (ok: boolean): Buffer => answer('AM', ok ? '1' : '0');
