import { describe, expect, it } from 'vitest';
import type { Content, ContentText } from 'pdfmake/interfaces';
import { col, table } from '../model';
import { reportTranslator } from '../i18n/reportTexts';
import { translateResults } from '../i18n/translateResults';
import { fileWords } from './fileWords';
import { headerCell, pdfDocument, toPdf } from './pdf';

const trips = (name: string) =>
  table({
    report: 'trips',
    title: `Viagens - ${name}`,
    subtitle: '',
    columns: [col('Veículo'), col('Vel. média (km/h)', 'number'), col('Custo', 'number', 'currency')],
    data: [[name, 38395.5, 1234.5]],
    footer: [['Total', 1.9, 1234.5]],
  });

const texts = (node: unknown): string[] => {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === 'object') return Object.values(node).flatMap(texts);
  return [];
};

describe('the PDF of a report', () => {
  // as a run gives them: the results in the reader's language, then the file
  const doc = (language: string) => {
    const t = reportTranslator(language);
    const results = translateResults(t, [trips('Camião 1'), trips('Camião 2')]);
    return pdfDocument(results, 'Viagens', 'Frota', '29/11/2026 10:00:00', fileWords(t));
  };

  it('lets the tables follow each other instead of one page each', () => {
    const content = doc('pt').content as Content[];
    expect(content.some((c) => typeof c === 'object' && 'pageBreak' in c)).toBe(false);
    expect(texts(content).filter((t) => t.startsWith('Viagens - '))).toHaveLength(2);
  });

  it('writes numbers, words and page numbers in the reader’s language', () => {
    const pt = texts(doc('pt').content);
    expect(pt).toContain('38\u00a0395,5');
    expect(pt).toContain('1\u00a0234,50');
    expect(pt).toContain('1,9');
    const en = doc('en');
    const words = texts(en.content);
    expect(words).toContain('38,395.5');
    expect(words).toContain('1,234.50');
    expect(words).toContain('Trips - Camião 2');
    expect(words.join(' ')).not.toMatch(/Veículo|Viagens/);
    const footer = en.footer as (page: number, pages: number) => ContentText;
    expect(footer(2, 3).text).toBe('Page 2 / 3');
    expect((doc('pt').footer as (p: number, n: number) => ContentText)(2, 3).text).toBe('Página 2 / 3');
  });

  it('breaks a column title between words, never inside its unit', () => {
    const cell = headerCell('Vel. média (km/h)') as { text: Array<{ text: string; noWrap: boolean }> };
    expect(cell.text.map((w) => w.text).join('')).toBe('Vel. média (km/h)');
    expect(cell.text.find((w) => w.text === '(km/h)')?.noWrap).toBe(true);
    expect(cell.text[0]!.noWrap).toBe(false);
  });

  it('lays an Arabic report out from the right: first column on the right, text right-aligned', () => {
    const ar = doc('ar');
    const table = (ar.content as Content[]).find((c) => typeof c === 'object' && 'table' in c) as {
      table: { body: Array<Array<{ alignment?: string }>>; widths: string[] };
    };
    const titles = (body: unknown[]) =>
      body.map((cell) =>
        ((cell as { text: Array<{ text: string }> }).text ?? []).map((w) => w.text).join(''),
      );
    const pt = doc('pt').content as Content[];
    const ptTable = pt.find((c) => typeof c === 'object' && 'table' in c) as typeof table;
    // the Portuguese header's last column (cost) is the Arabic header's first
    expect(titles(ptTable.table.body[0]!)).toEqual(['Veículo', 'Vel. média (km/h)', 'Custo']);
    expect(titles(table.table.body[0]!)[0]).toBe(reportTranslator('ar').text('Custo'));
    expect(titles(table.table.body[0]!)[2]).toBe(reportTranslator('ar').text('Veículo'));
    expect(table.table.widths).toEqual(['auto', 'auto', '*']);
    expect(table.table.body[1]!.every((c) => c.alignment === 'right')).toBe(true);
  });

  it('writes Arabic letters in the Arabic font, and only an Arabic report carries it', async () => {
    const file = async (language: string) => {
      const t = reportTranslator(language);
      const results = translateResults(t, [trips('Camião 1')]);
      return (await toPdf(results, t.text('Viagens'), 'Frota', '29/11/2026 10:00:00', fileWords(t))).toString(
        'latin1',
      );
    };
    expect(await file('ar')).toMatch(/NotoSansArabic/);
    expect(await file('pt')).not.toMatch(/NotoSansArabic/);
  });
});
