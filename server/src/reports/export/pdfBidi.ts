/**
 * Arabic in the PDFs. pdfmake writes every word left to right in Roboto, which has no Arabic letters. Two
 * steps make an Arabic report read right:
 * - `withArabicFont` gives each run of Arabic letters the Noto Sans Arabic font (fontkit then joins the
 *   letters and writes each Arabic word right to left);
 * - `reorderLine`, called for every line pdfmake is about to draw, puts the line's words in their reading
 *   order by the Unicode bidirectional algorithm (bidi-js): Arabic words from right to left, a plate, a
 *   figure or a place name written in Latin letters left to right within them, brackets mirrored.
 * Lines without an Arabic letter are left as pdfmake laid them out.
 */
import bidiFactory from 'bidi-js';

export const ARABIC_FONT = 'NotoArabic';
const bidi = bidiFactory();
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
/** Arabic letters, with the spaces and Arabic punctuation between them */
const ARABIC_RUN =
  /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]+(?:\s+[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]+)*/g;

export const hasArabic = (text: string): boolean => ARABIC.test(text);

interface Segment {
  text: string;
  font?: string;
}

/** A text cut where Arabic letters begin and end: the Arabic runs in the Arabic font, the rest as it was. */
export function arabicSegments(text: string): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of text.matchAll(ARABIC_RUN)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index) });
    out.push({ text: m[0], font: ARABIC_FONT });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

type Node = unknown;

/** Every text of a pdfmake document with Arabic in it, cut into segments in the right fonts (in place). */
export function withArabicFont<T>(node: T): T {
  walk(node);
  return node;
}

function walk(node: Node): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      if (typeof item === 'string' && hasArabic(item)) node[i] = { text: arabicSegments(item) };
      else walk(item);
    });
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(o)) {
    if (key === 'text' && typeof value === 'string') {
      if (hasArabic(value)) {
        const segments = arabicSegments(value);
        o.text = segments.length === 1 && segments[0].font ? value : segments;
        if (segments.length === 1 && segments[0].font) o.font = ARABIC_FONT;
      }
    } else if (typeof value === 'function') {
      const f = value as (...args: unknown[]) => unknown;
      o[key] = (...args: unknown[]) => withArabicFont(f(...args));
    } else if (value && typeof value === 'object') walk(value);
  }
}

/** What `reorderLine` needs of a pdfmake inline: its words and where they stand. */
export interface LineInline {
  text: string;
  x: number;
  width: number;
  leadingCut?: number;
  trailingCut?: number;
}

/**
 * The line's words put in reading order, in place: each inline is given the x where it is drawn. The line
 * keeps its span (its first word's start to its last word's end as pdfmake laid it out).
 */
export function reorderLine(inlines: LineInline[]): void {
  if (inlines.length === 0 || !inlines.some((i) => hasArabic(i.text))) return;
  const text = inlines.map((i) => i.text).join('');
  const levels = bidi.getEmbeddingLevels(text).levels;
  // each inline at the level of its first letter or figure (else its first mark, else its first space)
  const level: number[] = [];
  let at = 0;
  for (const inline of inlines) {
    const letter = inline.text.search(/[\p{L}\p{N}]/u);
    const mark = inline.text.search(/\S/);
    level.push(levels[at + (letter >= 0 ? letter : mark >= 0 ? mark : 0)] ?? 0);
    at += inline.text.length;
  }
  const order = inlines.map((_, i) => i);
  const highest = Math.max(...level);
  const lowestOdd = Math.min(...level.map((l) => (l % 2 ? l : l + 1)));
  for (let k = highest; k >= lowestOdd; k--) {
    for (let i = 0; i < order.length;) {
      if (level[order[i]] < k) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && level[order[j]] >= k) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  // brackets and signs alone in right-to-left text read from the right: "(%)" stays "(%)", "(" closes on the left
  inlines.forEach((inline, i) => {
    if (level[i] % 2 === 1 && !/[\p{L}\p{N}]/u.test(inline.text)) inline.text = mirrored(inline.text);
  });
  const blank = (i: number) => !/\S/.test(inlines[i].text);
  const lead = (i: number) => (blank(i) ? 0 : (inlines[i].leadingCut ?? 0));
  const trail = (i: number) => (blank(i) ? inlines[i].width : (inlines[i].trailingCut ?? 0));
  const ink = (i: number) => (blank(i) ? 0 : Math.max(0, inlines[i].width - lead(i) - trail(i)));
  // where the ink begins in the inline's box: fontkit writes an Arabic word's trailing spaces on its left
  const inkStart = (i: number) => (blank(i) ? 0 : hasArabic(inlines[i].text) ? trail(i) : lead(i));
  // between two words, the space written after the first of them in reading order (or before the second)
  const gap = (a: number, b: number) => Math.max(trail(Math.min(a, b)), lead(Math.max(a, b)));
  let cursor = inlines[0].x + lead(0);
  order.forEach((i, n) => {
    inlines[i].x = cursor - inkStart(i);
    cursor += ink(i) + (n < order.length - 1 ? gap(i, order[n + 1]) : 0);
  });
}

/** Signs written right to left: in the opposite order, each mirrored ("(%" → "%)"); spaces stay where they are. */
function mirrored(text: string): string {
  const [, before, signs, after] = /^(\s*)(.*?)(\s*)$/su.exec(text)!;
  let out = '';
  for (const ch of signs) out = (bidi.getMirroredCharacter(ch) ?? ch) + out;
  return before + out + after;
}
