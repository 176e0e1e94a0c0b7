import { formatNumberIn, interfaceLanguage, type InterfaceLanguage } from '@frota/core';

/** "of" and "more than" of the pagination's sentence, as MUI's own locales write them. */
const WORDS: Record<InterfaceLanguage, [of: string, more: string]> = {
  pt: ['de', 'mais de'],
  en: ['of', 'more than'],
  es: ['de', 'más de'],
  fr: ['sur', 'plus que'],
  ar: ['من', 'أكثر من'],
};

type Rows = { from: number; to: number; count: number };

/**
 * "1–100 de 2 381": the pagination's figures through the one number formatter (MUI's locales leave them
 * ungrouped, and Arabic's in Arabic-Indic digits where every other figure is Latin); in Arabic the range is
 * kept left to right inside the sentence.
 */
export function displayedRows(language: string): (rows: Rows) => string {
  const lang = interfaceLanguage(language);
  const [of, more] = WORDS[lang];
  const n = (value: number) => formatNumberIn(lang, value);
  return ({ from, to, count }) => {
    const range = `${n(from)}–${n(to)}`;
    return `${lang === 'ar' ? `\u2066${range}\u2069` : range} ${of} ${count !== -1 ? n(count) : `${more} ${n(to)}`}`;
  };
}

export const arabicDisplayedRows = displayedRows('ar');
