import { describe, expect, it } from 'vitest';
import { PLACEHOLDER, type ReportCatalogue } from './catalogue';
import { REPORT_MESSAGE_IDS, reportTranslator } from './reportTexts';
import en from './languages/en';
import es from './languages/es';
import fr from './languages/fr';
import ar from './languages/ar';

const placeholders = (s: string) => s.match(PLACEHOLDER) ?? [];
// the same word in both languages: units, proper names, joiners
const SAME =
  /^(\{[nsl]\}|[\s\-·,:()/%×.]|Total|Latitude|Longitude|SOS|CO2.*|Km|km|km\/h|L\/100km|RAG|Castel|Gruest|Sonangalp|Vista|Luanda|GPS|Local|Multimédia|Description|Date|Zone|Zones|Normal)*$/;

describe.each([
  ['en', en],
  ['es', es],
  ['fr', fr],
  ['ar', ar],
] as Array<[string, ReportCatalogue]>)('the %s report texts', (language, table) => {
  it('translate every Portuguese text of the reports, nothing more', () => {
    expect(Object.keys(table).sort()).toEqual([...REPORT_MESSAGE_IDS].sort());
  });

  it('keep every placeholder, in order, and leave nothing untranslated', () => {
    const untranslated: string[] = [];
    for (const [key, value] of Object.entries(table)) {
      expect(placeholders(value), `${language}: ${key}`).toEqual(placeholders(key));
      expect(value.trim(), key).not.toBe('');
      if (value === key && !SAME.test(key) && language !== 'es' && language !== 'fr') untranslated.push(key);
    }
    expect(untranslated).toEqual([]);
    if (language === 'ar') {
      const latinOnly = Object.entries(table).filter(([k, v]) => !SAME.test(k) && !/[\u0600-\u06ff]/.test(v));
      expect(latinOnly.map(([k]) => k)).toEqual([]);
    }
  });
});

describe('the report translator', () => {
  const english = reportTranslator('en');
  it('translates fixed texts and phrases with names, keeping the names', () => {
    expect(english.text('Viagens')).toBe('Trips');
    expect(english.text('Viagens - Camião 1')).toBe('Trips - Camião 1');
    expect(english.text('Paragem - Ralenti')).toBe(`${english.text('Paragem')} - ${english.text('Ralenti')}`);
    expect(english.text('Camião 1')).toBe('Camião 1');
    expect(english.knows('Camião 1')).toBe(false);
    expect(english.knows('Matrícula: LD-10-30-AA · Grupo: Viana')).toBe(true);
  });

  it('writes counts in the singular for one and numbers in the reader’s format', () => {
    expect(english.text('1 viagem')).toBe('1 trip');
    expect(english.text('160 viagens')).toBe('160 trips');
    expect(english.text('Total: 2552.5 km · Média diária: 425.4 km')).toMatch(
      /^Total: 2,552\.5 km · .+ 425\.4 km$/,
    );
    expect(english.text('Custo total: 3 753 523,00')).toMatch(/3,753,523\.00$/);
    expect(reportTranslator('pt').text('Total: 2552.5 km · Média diária: 425.4 km')).toBe(
      'Total: 2\u00a0552,5 km · Média diária: 425,4 km',
    );
    expect(reportTranslator('fr').text('Total: 12552.5 km')).toMatch(/^Total\s?: 12\s552,5 km$/);
  });

  it('turns the addresses’ Portuguese directions into the reader’s', () => {
    expect(english.text('4 km NO de Estalagem, Viana, AO')).toBe('4 km NW of Estalagem, Viana, AO');
    expect(english.text('3 km SO de Viana')).toBe('3 km SW of Viana');
    expect(reportTranslator('ar').text('3 km SO de Viana')).toMatch(/^3 كم .*Viana$/);
    expect(reportTranslator('pt').text('3 km SO de Viana')).toBe('3 km SO de Viana');
  });

  it('translates each item of a list and reads unknown languages as Portuguese', () => {
    expect(english.text('Alertas: Entrada em zona, Alarme: SOS')).toBe(
      `${english.text('Alertas')}: ${english.text('Entrada em zona')}, ${english.text('Alarme')}: SOS`,
    );
    expect(reportTranslator('en_US').language).toBe('en');
    expect(reportTranslator('xx').text('Viagens')).toBe('Viagens');
    expect(reportTranslator(undefined).language).toBe('pt');
  });
});
