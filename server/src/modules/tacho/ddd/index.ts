export { readDdd } from './readDdd';
export { dddFileName, baseFileName } from './fileName';
export { DDD_MESSAGES } from './dddError';
export type {
  DddActivity,
  DddActivityChange,
  DddActivityDay,
  DddEntity,
  DddFile,
  DddReadResult,
  DddRefusal,
} from './types';
