import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadLanguageTable } from '../i18n/tables';
import { localAddress, localAddressParts } from './localAddress';

async function translator(language: 'pt' | 'en' | 'es' | 'fr' | 'ar') {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { translation: await loadLanguageTable(language) } },
    interpolation: { escapeValue: false },
  });
  return (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
}

describe('localAddress', () => {
  it("puts the geocoder's Portuguese directions into the reader's language", async () => {
    const stored = '4 km NO de Estalagem, Viana, AO';
    expect(localAddress(stored, await translator('pt'))).toBe(stored);
    expect(localAddress(stored, await translator('en'))).toBe('4 km NW of Estalagem, Viana, AO');
    // as the reports write them: Spanish and French read the same abbreviations (SO, O, NO)
    expect(localAddress('3 km SO de Viana, AO', await translator('es'))).toBe('3 km SO de Viana, AO');
    expect(localAddress('12 km NE de Viana, AO', await translator('ar'))).toBe('12 كم شمال شرق Viana, AO');
  });

  it('leaves any other address as it is', async () => {
    const en = await translator('en');
    expect(localAddress('Viana, AO', en)).toBe('Viana, AO');
    expect(localAddress('Rua Rainha Ginga 24, Luanda', en)).toBe('Rua Rainha Ginga 24, Luanda');
  });
});

describe('localAddress, read again', () => {
  it('asks the translator once per address and language', async () => {
    const en = await translator('en');
    let calls = 0;
    const counting = (key: string, options?: Record<string, unknown>) => {
      calls += 1;
      return en(key, options);
    };
    const stored = '7 km SE de Cacuaco, Luanda, AO';
    expect(localAddress(stored, counting)).toBe('7 km SE of Cacuaco, Luanda, AO');
    const once = calls;
    expect(localAddress(stored, counting)).toBe('7 km SE of Cacuaco, Luanda, AO');
    expect(calls).toBe(once);
    // another language (another translator) reads it anew
    expect(localAddress(stored, await translator('ar'))).toBe('7 كم جنوب شرق Cacuaco, Luanda, AO');
  });
});

describe('localAddressParts', () => {
  it('splits a distance and direction from the place, in every language', async () => {
    const stored = '12 km NE de Viana, AO';
    expect(localAddressParts(stored, await translator('pt'))).toEqual({
      lead: '12 km NE de',
      place: 'Viana, AO',
    });
    expect(localAddressParts(stored, await translator('en'))).toEqual({
      lead: '12 km NE of',
      place: 'Viana, AO',
    });
    expect(localAddressParts(stored, await translator('ar'))).toEqual({
      lead: '12 كم شمال شرق',
      place: 'Viana, AO',
    });
  });

  it('keeps any other address whole as the place', async () => {
    expect(localAddressParts('Kinaxixi, Luanda, AO', await translator('ar'))).toEqual({
      lead: '',
      place: 'Kinaxixi, Luanda, AO',
    });
  });
});
