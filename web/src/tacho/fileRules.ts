import { formatNumber } from '../common/formatters';
import { PERIODICITIES, type Periodicity, type TachoFile } from './tachoTypes';

/** Document 3 §3: file type D is a driver card; any other type is a vehicle unit. */
export const isDriverFile = (file: Pick<TachoFile, 'file_type'>): boolean =>
  String(file.file_type).toUpperCase() === 'D';

/** Size in kB with one decimal, pt-PT format (document 3 §2). */
export const fileSizeKb = (bytes: number | null | undefined): string =>
  typeof bytes === 'number' && Number.isFinite(bytes) ? formatNumber(bytes / 1024, 1) : '';

/** The schedule a file's entity has, when it is one of document 3 §3's values. */
export const periodicityOf = (file: Pick<TachoFile, 'periodicity'>): Periodicity | '' =>
  PERIODICITIES.find((p) => p.toLowerCase() === String(file.periodicity ?? '').toLowerCase()) ?? '';

/** The search of the files screen: entity name or plate (document 3 §2). */
export const fileSearchTexts = (file: TachoFile): unknown[] => [
  file.name,
  file.license_plate,
  file.vin,
  file.card_number,
  file.filename,
];

/** The schedule as the column shows it: the custom one with its days. */
export function scheduleText(
  t: (key: string, options?: Record<string, unknown>) => string,
  file: Pick<TachoFile, 'periodicity' | 'custom_days'>,
): string {
  const periodicity = periodicityOf(file);
  if (!periodicity) return '';
  return periodicity === 'Custom' && file.custom_days
    ? t('tacho.customEvery', { days: file.custom_days })
    : t(`tacho.periodicity.${periodicity}`);
}

/** The days between downloads a Custom schedule may have. */
export const CUSTOM_DAYS = { min: 1, max: 365 } as const;

export const customDaysValid = (days: number): boolean =>
  Number.isInteger(days) && days >= CUSTOM_DAYS.min && days <= CUSTOM_DAYS.max;

/** The days a Custom schedule proposes when the entity has none yet (a card's legal interval). */
export const DEFAULT_CUSTOM_DAYS = 28;
