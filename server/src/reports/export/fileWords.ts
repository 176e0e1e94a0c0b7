/** The words and number format every file of a run writes in, from the run's translator. */
import { formatNumberIn, type Decimals } from '@frota/core';
import type { ReportTranslator } from '../i18n/reportTexts';

export interface FileWords {
  /** a fixed text of the files ("Sem dados.", "Página {n} / {n}") in the reader's language */
  text(portuguese: string): string;
  /** a number in the reader's format */
  number(value: number, decimals?: Decimals): string;
  /** the reader's language is written right to left (Arabic): tables and page headers are mirrored */
  rtl: boolean;
}

export const fileWords = (t: ReportTranslator): FileWords => ({
  text: (portuguese) => t.text(portuguese),
  number: (value, decimals = { min: 0, max: 3 }) => formatNumberIn(t.language, value, decimals),
  rtl: t.language === 'ar',
});
