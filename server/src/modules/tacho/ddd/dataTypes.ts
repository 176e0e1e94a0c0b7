/** Readers of the small data types of the Annex 1B/1C data dictionary. */

const SECONDS_PER_DAY = 86400;

/** TextDecoder labels of the code pages a Name may declare (data dictionary chapter 4). */
const CODE_PAGE_LABELS: Record<number, string> = {
  2: 'iso-8859-2',
  3: 'iso-8859-3',
  4: 'iso-8859-4',
  5: 'iso-8859-5',
  6: 'iso-8859-6',
  7: 'iso-8859-7',
  8: 'iso-8859-8',
  9: 'iso-8859-9',
  10: 'iso-8859-10',
  13: 'iso-8859-13',
  14: 'iso-8859-14',
  15: 'iso-8859-15',
  16: 'iso-8859-16',
  80: 'koi8-r',
  85: 'koi8-u',
};

const decoders = new Map<number, TextDecoder | null>();

function decoderFor(codePage: number): TextDecoder | null {
  if (!decoders.has(codePage)) {
    const label = CODE_PAGE_LABELS[codePage];
    let decoder: TextDecoder | null = null;
    if (label) {
      try {
        decoder = new TextDecoder(label);
      } catch {
        decoder = null; // a Node built without full ICU: fall back to Latin-1
      }
    }
    decoders.set(codePage, decoder);
  }
  return decoders.get(codePage) ?? null;
}

/** Unused fields are filled with 0x00 or 0xFF; such a field holds no text. */
function isBlank(bytes: Buffer): boolean {
  return bytes.every((b) => b === 0x00 || b === 0xff);
}

function trimText(text: string): string {
  return text.replace(/^[\s\0]+|[\s\0]+$/g, '');
}

/**
 * A text field preceded by its code-page byte (Name, Address, VehicleRegistrationNumber): 1 (and 0) is
 * ISO-8859-1, other ISO-8859 parts and KOI8 go through TextDecoder, 255 means empty, unknown as Latin-1.
 */
export function codePageText(codePage: number, bytes: Buffer): string {
  if (codePage === 0xff || isBlank(bytes)) return '';
  const decoder = decoderFor(codePage);
  return trimText(decoder ? decoder.decode(bytes) : bytes.toString('latin1'));
}

/** A fixed-length IA5String (card number, VIN): ASCII padded with spaces. */
export function ia5Text(bytes: Buffer): string {
  return isBlank(bytes) ? '' : trimText(bytes.toString('latin1'));
}

/** TimeReal: seconds since 1970-01-01 00:00 UTC; 0 and all ones mean "not set". */
export function timeReal(value: number): number | null {
  return value === 0 || value === 0xffffffff ? null : value;
}

/** A BCD string as a number (a trailing F nibble pads an odd digit count); NaN when not BCD. */
export function bcd(bytes: Buffer): number {
  const digits = bytes.toString('hex').replace(/f$/, '');
  return /^\d+$/.test(digits) ? Number(digits) : NaN;
}

/** The 00:00 UTC of the day holding `epochSeconds`. */
export function dayStart(epochSeconds: number): number {
  return epochSeconds - (((epochSeconds % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY);
}
