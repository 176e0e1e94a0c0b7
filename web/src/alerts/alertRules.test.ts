import { describe, expect, it } from 'vitest';
import type { User } from '../api/types';
import {
  chooseDays,
  checkRange,
  defaultRange,
  periodDays,
  type RangeChoice,
} from '../common/period/alertPeriod';
import { alertTypeKey, offeredAlertTypes } from './alertTypes';
import { ALL, applyAllRule, isAll } from '../common/centre/allRule';
import { defaultCc } from '../common/centre/emailDefaults';
import { eventsPath, type EventFilters } from './eventsQuery';
import { statusChanged } from './EventDialog';
import pt from './i18n/pt.json';

describe('the all/others rule of the multi-select filters (document 2 §2.8)', () => {
  it('clears the others when all is chosen', () => {
    expect(applyAllRule(['3', '5'], ['3', '5', ALL])).toEqual([ALL]);
  });
  it('removes all when another option is chosen', () => {
    expect(applyAllRule([ALL], [ALL, '7'])).toEqual(['7']);
    expect(applyAllRule(['7'], ['7', '0'])).toEqual(['7', '0']);
  });
  it('reverts an emptied selection to all', () => {
    expect(applyAllRule(['7'], [])).toEqual([ALL]);
    expect(applyAllRule([ALL], [])).toEqual([ALL]);
  });
  it('treats all and an empty selection as no filter', () => {
    expect(isAll([ALL])).toBe(true);
    expect(isAll([])).toBe(true);
    expect(isAll(['0'])).toBe(false);
  });
});

describe('the 31-day rule (document 2 §5)', () => {
  it('counts both ends', () => {
    expect(periodDays({ from: '2026-01-01', to: '2026-01-31' })).toBe(31);
    expect(periodDays({ from: '2026-02-10', to: '2026-02-10' })).toBe(1);
  });
  it('accepts 31 days inclusive and refuses 32', () => {
    expect(checkRange('2026-01-01', '2026-01-31')).toBe('ok');
    expect(checkRange('2026-01-01', '2026-02-01')).toBe('tooLong');
    expect(checkRange('2026-02-15', '2026-03-17')).toBe('ok');
    expect(checkRange('2026-02-15', '2026-03-18')).toBe('tooLong');
  });
  it('applies a range only when both days are chosen', () => {
    expect(checkRange('', '2026-01-31')).toBe('incomplete');
    expect(checkRange('2026-01-01', '')).toBe('incomplete');
    expect(checkRange('2026-01-05', '2026-01-01')).toBe('reversed');
  });

  const start: RangeChoice = {
    chosen: { from: '2026-03-01', to: '2026-03-07' },
    applied: { from: '2026-03-01', to: '2026-03-07' },
    tooLong: false,
  };
  it('applies a complete range of at most 31 days', () => {
    const next = chooseDays(start, { from: '2026-02-20', to: '2026-03-07' });
    expect(next).toEqual({
      chosen: next.applied,
      applied: { from: '2026-02-20', to: '2026-03-07' },
      tooLong: false,
    });
  });
  it('refuses a longer one with the Oops! flag and keeps what the pickers showed', () => {
    expect(chooseDays(start, { from: '2026-01-01', to: '2026-03-07' })).toEqual({ ...start, tooLong: true });
  });
  it('shows a half-chosen range without applying it', () => {
    const next = chooseDays(start, { from: '', to: '2026-03-07' });
    expect(next.chosen).toEqual({ from: '', to: '2026-03-07' });
    expect(next.applied).toEqual(start.applied);
    expect(next.tooLong).toBe(false);
  });
  it('opens on the last 7 days in the user timezone', () => {
    // 23:30 UTC on 9 March is already 10 March in Luanda (UTC+1).
    const now = Date.UTC(2026, 2, 9, 23, 30);
    expect(defaultRange('Africa/Luanda', now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(defaultRange('Atlantic/Cape_Verde', now)).toEqual({ from: '2026-03-03', to: '2026-03-09' });
  });
});

describe('the events page request (contract item 4)', () => {
  const all: EventFilters = { status: [ALL], types: [ALL], groups: [ALL], devices: [ALL], drivers: [ALL] };
  const range = { from: '2026-03-01', to: '2026-03-07' };
  const page = { offset: 200, limit: 100, search: '' };
  it('sends paging only when every filter is on all', () => {
    expect(eventsPath(range, all, page)).toBe(
      '/report/api.php/events/2026-03-01/2026-03-07?offset=200&limit=100',
    );
  });
  it('sends each chosen filter as a comma list, with search and order', () => {
    const path = eventsPath(
      range,
      {
        status: ['0', '1'],
        types: ['alarmsos', 'alarmseatbelt+lights'],
        groups: ['4', '0'],
        devices: ['9'],
        drivers: ['0'],
      },
      { offset: 0, limit: 100, search: 'LD-12', sort: { field: 'deviceName', order: 'asc' } },
    );
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/report/api.php/events/2026-03-01/2026-03-07');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      offset: '0',
      limit: '100',
      status: '0,1',
      type: 'alarmsos,alarmseatbelt+lights',
      group: '4,0',
      device: '9',
      driver: '0',
      search: 'LD-12',
      sort: 'deviceName',
      order: 'asc',
    });
  });
});

describe('event types, save and e-mail defaults', () => {
  const user = (permissions: string[]): User => ({
    id: 1,
    name: 'A',
    email: 'a@x.ao',
    attributes: { permissions },
  });
  it('offers seatbelt and lights only with their permission', () => {
    expect(offeredAlertTypes(user(['module.events']))).not.toContain('alarmseatbelt');
    expect(offeredAlertTypes(user(['module.events', 'global.alert_seatbelt_lights']))).toEqual(
      expect.arrayContaining(['alarmseatbelt', 'alarmlights', 'alarmseatbelt+lights']),
    );
    expect(alertTypeKey('alarmseatbelt+lights')).toBe('alerts.type.alarmseatbeltAndlights');
  });
  it('offers the save only when the status or the observations changed', () => {
    expect(statusChanged(0, 0, '')).toBe(false);
    expect(statusChanged(0, 0, '   ')).toBe(false);
    expect(statusChanged(0, 1, '')).toBe(true);
    expect(statusChanged(2, 2, 'visto')).toBe(true);
  });
  it("defaults the CC to the user's own e-mail when valid", () => {
    expect(defaultCc('gestor@frota.ao')).toBe('gestor@frota.ao');
    expect(defaultCc('temp_abc')).toBe('');
    expect(defaultCc('')).toBe('');
  });
});

describe('the Portuguese texts of the specification, verbatim', () => {
  it('keeps the alert central texts', () => {
    const a = pt.alerts;
    expect(a.title).toBe('Central de alertas');
    expect([a.status['0'], a.status['1'], a.status['2'], a.status['3']]).toEqual([
      'Por resolver',
      'Em resolução',
      'Resolvido',
      'Ignorado',
    ]);
    expect([a.details, a.newStatus, a.history]).toEqual(['Detalhes', 'Novo estado', 'Histórico']);
    expect([a.noHistory, a.noData, a.oops]).toEqual(['Sem histórico.', 'Sem dados.', 'Oops!']);
    expect(a.periodTooLong).toBe('Por favor seleccione um período máximo de 31 dias');
    expect([a.saved, a.saveFailed]).toEqual(['Evento alterado com sucesso', 'Erro ao alterar evento']);
    expect([a.emailSent, a.emailFailed]).toEqual(['Evento enviado por e-mail!', 'Erro a enviar e-mail!']);
  });
});
