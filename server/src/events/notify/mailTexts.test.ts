/**
 * The alert mails' catalogues (mailTexts.ts, eventTitles.ts): every text in every language, the same
 * placeholders, nothing left in Portuguese but the words that are the same in both languages, Arabic in
 * Arabic letters.
 */
import { describe, expect, it } from 'vitest';
import { COMPASS_POINTS, INTERFACE_LANGUAGES } from '@frota/core';
import { ALARM_TITLES, EVENT_TITLES } from './eventTitles';
import { COMPASS_TEXTS, MAIL_TEXTS, mailTexts, type Texts } from './mailTexts';

const CATALOGUES: Record<string, Readonly<Record<string, Texts>>> = {
  mail: MAIL_TEXTS,
  event: EVENT_TITLES,
  alarm: ALARM_TITLES,
  compass: COMPASS_TEXTS,
};

/** `catalogue.id.language` whose text is rightly the Portuguese one (same word, or punctuation only). */
const SAME_AS_PORTUGUESE = new Set([
  'mail.alert.es',
  'mail.plate.es',
  'mail.zone.es',
  'mail.status.es',
  'mail.labelled.en',
  'mail.labelled.es',
  'mail.labelled.ar',
  'mail.alarm.fr',
  'mail.relativeAddress.es',
  'mail.relativeAddress.fr',
  'mail.status0.es',
  'mail.status3.es',
  'mail.speedAndLimit.fr',
  'alarm.sos.en',
  'alarm.sos.es',
  'alarm.sos.fr',
  'alarm.hardCornering.es',
  'alarm.idle.fr',
  ...['N', 'NE', 'E', 'SE', 'S'].flatMap((p) => ['en', 'es', 'fr'].map((l) => `compass.${p}.${l}`)),
  ...['SO', 'O', 'NO'].flatMap((p) => ['es', 'fr'].map((l) => `compass.${p}.${l}`)),
]);

const entries = Object.entries(CATALOGUES).flatMap(([name, table]) =>
  Object.entries(table).map(([id, texts]) => ({ key: `${name}.${id}`, texts })),
);
const holes = (s: string) => s.match(/\{\w+\}/g) ?? [];

describe('the alert mail texts', () => {
  it('have a text in every language, with the Portuguese placeholders', () => {
    for (const { key, texts } of entries) {
      expect(Object.keys(texts).sort(), key).toEqual([...INTERFACE_LANGUAGES].sort());
      for (const language of INTERFACE_LANGUAGES) {
        expect(texts[language].trim(), `${key}.${language}`).not.toBe('');
        expect(holes(texts[language]).sort(), `${key}.${language}`).toEqual(holes(texts.pt).sort());
      }
    }
  });

  it('leave nothing in Portuguese but the words both languages share', () => {
    const same = entries.flatMap(({ key, texts }) =>
      INTERFACE_LANGUAGES.filter((l) => l !== 'pt' && texts[l] === texts.pt).map((l) => `${key}.${l}`),
    );
    expect(same.sort()).toEqual([...SAME_AS_PORTUGUESE].sort());
  });

  it('write Arabic in Arabic letters', () => {
    const latin = entries.filter(
      ({ key, texts }) => !/[\u0600-\u06ff]/.test(texts.ar) && !SAME_AS_PORTUGUESE.has(`${key}.ar`),
    );
    expect(latin.map((e) => e.key)).toEqual([]);
  });

  it('name every compass point of the stored addresses', () => {
    expect(Object.keys(COMPASS_TEXTS).sort()).toEqual([...COMPASS_POINTS].sort());
  });

  it('fill their placeholders and keep the values as they are', () => {
    expect(mailTexts('en')('alarmTitle', { names: 'SOS' })).toBe('Alarm: SOS');
    expect(mailTexts('fr')('labelled', { label: 'Zone', value: '$& {value}' })).toBe('Zone : $& {value}');
    expect(mailTexts('pt')('alert')).toBe('Alerta');
  });

  it('refuse, when compiled, a text without one of the languages', () => {
    // @ts-expect-error Arabic is missing
    const missing: Texts = { pt: 'Zona', en: 'Zone', es: 'Zona', fr: 'Zone' };
    expect(missing.pt).toBe('Zona');
  });
});
