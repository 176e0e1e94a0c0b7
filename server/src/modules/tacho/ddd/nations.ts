/**
 * NationNumeric → NationAlpha (Annex 1B/1C data dictionary 2.100–2.101): the distinguishing signs used on
 * vehicles in international traffic. The gaps (0x33 ex-Yugoslavia, 0x37) are codes no longer issued.
 */
const NATION_ALPHA: Record<number, string> = {
  0x01: 'A',
  0x02: 'AL',
  0x03: 'AND',
  0x04: 'ARM',
  0x05: 'AZ',
  0x06: 'B',
  0x07: 'BG',
  0x08: 'BIH',
  0x09: 'BY',
  0x0a: 'CH',
  0x0b: 'CY',
  0x0c: 'CZ',
  0x0d: 'D',
  0x0e: 'DK',
  0x0f: 'E',
  0x10: 'EST',
  0x11: 'F',
  0x12: 'FIN',
  0x13: 'FL',
  0x14: 'FR',
  0x15: 'UK',
  0x16: 'GE',
  0x17: 'GR',
  0x18: 'H',
  0x19: 'HR',
  0x1a: 'I',
  0x1b: 'IRL',
  0x1c: 'IS',
  0x1d: 'KZ',
  0x1e: 'L',
  0x1f: 'LT',
  0x20: 'LV',
  0x21: 'M',
  0x22: 'MC',
  0x23: 'MD',
  0x24: 'MK',
  0x25: 'N',
  0x26: 'NL',
  0x27: 'P',
  0x28: 'PL',
  0x29: 'RO',
  0x2a: 'RSM',
  0x2b: 'RUS',
  0x2c: 'S',
  0x2d: 'SK',
  0x2e: 'SLO',
  0x2f: 'TM',
  0x30: 'TR',
  0x31: 'UA',
  0x32: 'V',
  0x35: 'SRB',
  0x36: 'MNE',
  0x38: 'KG',
  0xfd: 'EC',
  0xfe: 'EUR',
  0xff: 'WLD',
};

const NATION_NUMERIC = new Map(Object.entries(NATION_ALPHA).map(([code, alpha]) => [alpha, Number(code)]));

/** The vehicle sign of a NationNumeric; undefined for 0 (no information) and unknown codes. */
export function nationAlpha(code: number): string | undefined {
  return NATION_ALPHA[code];
}

/** The NationNumeric of a vehicle sign (used when writing files); 0 when unknown. */
export function nationNumeric(alpha: string | undefined): number {
  return (alpha && NATION_NUMERIC.get(alpha.toUpperCase())) || 0;
}
