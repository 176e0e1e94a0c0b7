import { describe, expect, it } from 'vitest';
import { ARABIC_FONT, arabicSegments, reorderLine, withArabicFont, type LineInline } from './pdfBidi';

/** Inlines as pdfmake makes them: one per word, 10 points a letter, trailing spaces cut off the line's width. */
function line(words: string[]): LineInline[] {
  let x = 0;
  return words.map((text) => {
    const width = [...text].length * 10;
    const blank = !/\S/.test(text);
    const trailing = (/\s+$/.exec(text)?.[0].length ?? 0) * 10;
    const inline = { text, x, width, trailingCut: trailing, leadingCut: blank ? width : 0 };
    x += width;
    return inline;
  });
}
/** The words from left to right as they will be drawn, and where each begins. */
const drawn = (inlines: LineInline[]) =>
  inlines
    .filter((i) => /\S/.test(i.text))
    .sort((a, b) => a.x - b.x)
    .map((i) => [i.text.trim(), Math.round(i.x)] as const);

describe('Arabic in the PDFs', () => {
  it('gives the Arabic runs the Arabic font and leaves the rest as it was', () => {
    expect(arabicSegments('رحلات - LD-10-30-AA')).toEqual([
      { text: 'رحلات', font: ARABIC_FONT },
      { text: ' - LD-10-30-AA' },
    ]);
    expect(arabicSegments('Camião 1')).toEqual([{ text: 'Camião 1' }]);
    const doc = withArabicFont({ content: [{ text: 'المسافة (km)' }, 'Total', { text: 'Total' }] });
    expect(doc.content[0]).toEqual({
      text: [{ text: 'المسافة', font: ARABIC_FONT }, { text: ' (km)' }],
    });
    expect(doc.content.slice(1)).toEqual(['Total', { text: 'Total' }]);
  });

  it('draws an Arabic line from the right, a Latin name within it from the left, one space between words', () => {
    // "4 km south-east of Camama, Luanda" as the reports write it in Arabic
    const inlines = line(['4 ', 'كم ', 'جنوب ', 'شرق', ' ', 'Camama, ', 'Luanda']);
    reorderLine(inlines);
    expect(drawn(inlines).map(([t]) => t)).toEqual(['Camama,', 'Luanda', 'شرق', 'جنوب', 'كم', '4']);
    // fontkit writes an Arabic word's trailing space on its left, so its box starts one space before its ink
    expect(drawn(inlines)).toEqual([
      ['Camama,', 0],
      ['Luanda', 80],
      ['شرق', 150],
      ['جنوب', 180],
      ['كم', 230],
      ['4', 270],
    ]);
  });

  it('draws brackets and signs alone in Arabic text mirrored, and leaves a Latin line alone', () => {
    const inlines = line(['الوقود ', '(%)']);
    reorderLine(inlines);
    expect(drawn(inlines).map(([t]) => t)).toEqual(['(%)', 'الوقود']);
    const brackets = line(['المسافة ', '(', 'كم', ')']);
    reorderLine(brackets);
    expect(drawn(brackets).map(([t]) => t)).toEqual(['(', 'كم', ')', 'المسافة']);
    const latin = line(['Camama, ', 'Luanda']);
    reorderLine(latin);
    expect(latin.map((i) => i.x)).toEqual([0, 80]);
  });
});
