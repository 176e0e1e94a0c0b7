/**
 * "1–26 من 26" in Latin digits, as every other figure of the Arabic interface (MUI's Arabic locales write
 * ١–٢٦); the range kept left to right inside the sentence.
 */
export const arabicDisplayedRows = ({
  from,
  to,
  count,
}: {
  from: number;
  to: number;
  count: number;
}): string => `\u2066${from}–${to}\u2069 من ${count !== -1 ? count : `أكثر من ${to}`}`;
