import { describe, expect, it } from 'vitest';
import { AREAS } from '../app/areas';
import { NOTIFICATION_SOUNDS } from '../api/sounds';
import { loadLanguageTable, type Table } from '../i18n/tables';
import { MAP_TOGGLES } from './InterfacePage';
import { ALERT_TYPES, NOTIFICATORS } from './notificationTypes';
import { permissionGroups } from './permissionTree';
import { WEEK_DAYS, invalidEmailMessage, invalidWorkTimeMessage } from '@frota/core';
import { GROUP_HEADING, groupRows } from '../common/groupRows';

const lookup = (table: Table, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Table | undefined)?.[part], table);

describe('settings texts built from names', () => {
  it('has a text for every alert type, delivery method, map toggle, sound, week day and permission', async () => {
    const keys = [
      ...ALERT_TYPES.map((type) => `settings.alertType.${type}`),
      'settings.alertType.alarm',
      ...NOTIFICATORS.map((name) => `settings.notificator.${name}`),
      ...MAP_TOGGLES.map((key) => `settings.interface.${key}`),
      ...NOTIFICATION_SOUNDS.map((name) => `settings.sound.${name}`),
      ...WEEK_DAYS.map((day) => `settings.week.${day}`),
      'settings.in_maintenance',
      'settings.automaticMaintenance',
      'settings.emailTo',
      'settings.emailCc',
      ...permissionGroups(AREAS).flatMap((g) => [
        ...(g.id === 'global' ? [] : [`section.${g.id}`]),
        ...g.items.map((item) => item.title),
      ]),
    ];
    for (const language of ['pt', 'en', 'es', 'fr', 'ar']) {
      const table = await loadLanguageTable(language);
      for (const key of keys) expect(typeof lookup(table, key), `${language}:${key}`).toBe('string');
    }
  });
  it('keeps the Portuguese texts of the specification verbatim', async () => {
    const pt = await loadLanguageTable('pt');
    expect(lookup(pt, 'settings.temporaryNameRequired')).toBe('Deve preencher o nome do acesso temporário');
    expect(lookup(pt, 'settings.temporaryVehicleRequired')).toBe('Deve seleccionar pelo menos 1 veículo');
    expect(lookup(pt, 'settings.invalidWorkTime')).toBe('Hora de trabalho inválida: {{value}}');
    // The form and the API refuse with the same words: the API's come from core.
    const filled = (key: string, value: string) => String(lookup(pt, key)).replace('{{value}}', value);
    expect(filled('settings.invalidWorkTime', '25:00')).toBe(invalidWorkTimeMessage('25:00'));
    expect(filled('settings.invalidEmail', 'x@')).toBe(invalidEmailMessage('x@'));
    expect(lookup(pt, 'settings.importDone')).toBe('Importação concluída!');
    expect(lookup(pt, 'settings.allVehicles')).toBe('Todos');
    expect(lookup(pt, 'settings.associatedVehicles')).toBe('Associados ao alerta');
    expect(String(lookup(pt, 'settings.groupVehiclesKept'))).toMatch(
      /^Não serão removidos veículos do grupo actual/,
    );
    expect(lookup(pt, 'settings.buzzerSent')).toBe(
      'Comando enviado com sucesso. Por favor ligue a ignição e aguarde alguns segundos.',
    );
    expect(lookup(pt, 'settings.buzzerFailed')).toBe('Erro ao enviar comando.');
  });
});

describe('grouped list rows', () => {
  it('puts a heading before each group, groups by name with the ungrouped last, rows sorted inside', () => {
    const rows = [
      { id: 1, name: 'b', group: 'Sul' },
      { id: 2, name: 'a', group: '' },
      { id: 3, name: 'c', group: 'Norte' },
      { id: 4, name: 'a', group: 'Sul' },
    ];
    const out = groupRows(rows, (r) => r.group, [{ field: 'name' }], [{ field: 'name', sort: 'asc' }]);
    expect(out.map((r) => (GROUP_HEADING in r ? `#${r[GROUP_HEADING]}:${r.count}` : r.id))).toEqual([
      '#Norte:1',
      3,
      '#Sul:2',
      4,
      1,
      '#:1',
      2,
    ]);
    expect(out.filter((r) => GROUP_HEADING in r).every((r) => r.id < 0)).toBe(true);
  });
});
