import { describe, expect, it } from 'vitest';
import { PASSENGER_MESSAGES, type Passenger, type PassengerInput } from '@frota/core';
import { loadLanguageTable, type Table } from '../i18n/tables';
import { emptyRows, pasteInto, runImport } from '../common/import/driverImport';
import { newPassengerDraft, passengerBody, validatePassenger } from './passengerForm';
import { passengerImportApi, passengerLogKey } from './passengerImport';
import { passengerRows } from './passengerRows';

const lookup = (table: Table, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Table | undefined)?.[part], table);

describe('passenger form', () => {
  const ana = { ...newPassengerDraft(), name: 'Ana Costa', cardId: '00A1B2' };

  it('requires a name, then a card, and checks a phone only when one is given', () => {
    expect(validatePassenger(ana)).toBeNull();
    expect(validatePassenger(newPassengerDraft())).toEqual({ key: 'passengers.nameRequired' });
    expect(validatePassenger({ ...ana, name: '  ' })).toEqual({ key: 'passengers.nameRequired' });
    expect(validatePassenger({ ...ana, cardId: ' ' })).toEqual({ key: 'passengers.cardRequired' });
    expect(validatePassenger({ ...ana, phone: '+244 923 000 111' })).toBeNull();
    expect(validatePassenger({ ...ana, phone: '923-abc' })).toEqual({
      key: 'passengers.invalidPhone',
      value: '923-abc',
    });
  });

  it('saves trimmed texts, the card in upper case and no group as null', () => {
    const body = passengerBody({
      ...ana,
      name: ' Ana ',
      cardId: ' 7f ',
      groupId: 0,
      phone: ' 923 ',
      notes: ' x ',
    });
    expect(body).toEqual({
      name: 'Ana',
      cardId: '7F',
      groupId: null,
      phone: '923',
      notes: 'x',
      attributes: {},
    });
    expect(passengerBody({ ...ana, id: 4, groupId: 9 })).toMatchObject({ id: 4, groupId: 9 });
  });

  it('says its problems in Portuguese, with the words the API refuses with', async () => {
    const pt = await loadLanguageTable('pt');
    expect(lookup(pt, 'passengers.nameRequired')).toBe('Por favor indique o nome do passageiro');
    expect(lookup(pt, 'passengers.nameRequired')).toBe(PASSENGER_MESSAGES.name);
    expect(lookup(pt, 'passengers.cardRequired')).toBe(PASSENGER_MESSAGES.cardId);
    expect(lookup(pt, 'passengers.invalidPhone')).toBe('Telefone inválido: {{value}}');
  });
});

describe('passenger list', () => {
  it('shows each passenger with its group by name, empty without one or when the group is not visible', () => {
    const passengers: Passenger[] = [
      { id: 1, name: 'Ana', cardId: 'A1', groupId: 5, phone: '923', notes: '', attributes: {} },
      { id: 2, name: 'Beto', cardId: 'B2', groupId: null, phone: '', notes: 'n', attributes: {} },
      { id: 3, name: 'Caio', cardId: 'C3', groupId: 77, phone: '', notes: '', attributes: {} },
    ];
    const groups = [{ id: 5, name: 'Escola Norte', attributes: {} }];
    expect(passengerRows(passengers, groups)).toEqual([
      { id: 1, name: 'Ana', cardId: 'A1', group: 'Escola Norte', phone: '923' },
      { id: 2, name: 'Beto', cardId: 'B2', group: '', phone: '' },
      { id: 3, name: 'Caio', cardId: 'C3', group: '', phone: '' },
    ]);
    expect(passengerRows(undefined, undefined)).toEqual([]);
  });
});

describe('passenger import', () => {
  it('creates each named row with its card and the chosen group, logging a row without a card as an error', async () => {
    const created: PassengerInput[] = [];
    const api = passengerImportApi(
      {
        list: async () => [],
        create: async (body) => {
          if (body.cardId === 'DUP')
            throw Object.assign(new Error('dup'), {
              status: 400,
              statusText: 'Bad Request',
              body: PASSENGER_MESSAGES.duplicateCard,
            });
          created.push(body);
          return { id: 100 + created.length };
        },
      },
      7,
      PASSENGER_MESSAGES.cardId,
    );
    const rows = pasteInto(
      emptyRows(0),
      0,
      0,
      'Ana\t923 111\tmanhã\tA1\r\nBeto\t\t\t\r\n\t924\t\tX9\r\nCaio\t925\t\tDUP\r\nDina\t926\ttarde\tD4\r\n',
    );
    const log: Array<[string, Record<string, string | number>, boolean]> = [];
    const status: Record<number, [number, boolean]> = {};
    const ok = await runImport(rows, 7, api, {
      row: (i, s, failed) => (status[i] = [s, !!failed]),
      log: (key, values, error) => log.push([passengerLogKey(key), values, !!error]),
    });
    expect(ok).toBe(true);
    expect(created).toEqual([
      { name: 'Ana', cardId: 'A1', groupId: 7, phone: '923 111', notes: 'manhã', attributes: {} },
      { name: 'Dina', cardId: 'D4', groupId: 7, phone: '926', notes: 'tarde', attributes: {} },
    ]);
    // Row 3 has no name and is not imported; rows 2 (no card) and 4 (refused) fail, the others finish.
    expect(status).toEqual({ 0: [1, false], 1: [1, true], 3: [1, true], 4: [1, false] });
    expect(log.map(([key]) => key)).toEqual([
      'passengers.importLog.start',
      'passengers.importLog.created',
      'passengers.importLog.createFailed',
      'passengers.importLog.createFailed',
      'passengers.importLog.created',
      'settings.importDone',
    ]);
    expect(log[0][1]).toEqual({ count: 4 });
    expect(log[2]).toEqual([
      'passengers.importLog.createFailed',
      { row: 2, name: 'Beto', reason: PASSENGER_MESSAGES.cardId },
      true,
    ]);
    expect(log[3][1].reason).toBe('400 Bad Request Já existe um passageiro com este cartão');
    expect(log[4][1]).toEqual({ row: 5, name: 'Dina', id: 102 });
  });

  it('stops before any row when the passenger service does not answer', async () => {
    let creates = 0;
    const api = passengerImportApi(
      {
        list: () => Promise.reject(Object.assign(new Error('x'), { status: 404, statusText: 'Not Found' })),
        create: async () => ({ id: ++creates }),
      },
      null,
      'card',
    );
    const log: string[] = [];
    const ok = await runImport(pasteInto(emptyRows(0), 0, 0, 'Ana\t\t\tA1'), null, api, {
      row: () => undefined,
      log: (key, values) => log.push(`${passengerLogKey(key)} ${JSON.stringify(values)}`),
    });
    expect(ok).toBe(false);
    expect(creates).toBe(0);
    expect(log).toEqual(['passengers.importLog.checkFailed {"reason":"404 Not Found"}']);
  });

  it('has every log text in each language', async () => {
    for (const language of ['pt', 'en', 'es', 'fr', 'ar']) {
      const table = await loadLanguageTable(language);
      for (const key of ['checkFailed', 'start', 'created', 'createFailed'])
        expect(typeof lookup(table, `passengers.importLog.${key}`), `${language}:${key}`).toBe('string');
    }
    const pt = await loadLanguageTable('pt');
    expect(lookup(pt, 'passengers.importConfirm')).toBe('Importar {{count}} passageiros?');
  });
});
