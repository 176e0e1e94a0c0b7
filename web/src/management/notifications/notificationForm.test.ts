import { NOTIFICATION_MESSAGES as M, type MaintenanceNotification } from '@frota/core';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadLanguageTable, type Table } from '../../i18n/tables';
import {
  newNotificationDraft,
  notificationBody,
  notificationDraft,
  notificationProblem,
  translateNotificationMessage,
  type NotificationDraft,
} from './notificationForm';

const stored: MaintenanceNotification = {
  id: 7,
  emails: 'gestor@frota.ao,oficina@frota.ao',
  all_devices: false,
  device_ids: '3,5',
  maintenance: true,
  maintenance_km: 800,
  maintenance_hours: 100,
  cost: false,
  cost_days: 30,
  document: true,
  document_days: 15,
  communication: false,
  communication_hours: 24,
};

const filled = (change: Partial<NotificationDraft> = {}): NotificationDraft => ({
  ...newNotificationDraft('gestor@frota.ao'),
  ...change,
});

describe('maintenance notification form defaults (document 3 §2, §3, §9)', () => {
  it("starts with the logged-in user's e-mail, every kind on at 5000 km, 250 h, 30 d, 30 d, 24 h, all vehicles", () => {
    expect(newNotificationDraft(' gestor@frota.ao ')).toEqual({
      emails: 'gestor@frota.ao',
      all_devices: true,
      device_ids: [],
      maintenance: true,
      maintenance_km: '5000',
      maintenance_hours: '250',
      cost: true,
      cost_days: '30',
      document: true,
      document_days: '30',
      communication: true,
      communication_hours: '24',
    });
    expect(newNotificationDraft(undefined).emails).toBe('');
  });

  it('shows a stored notification one address per line with its chosen vehicles', () => {
    expect(notificationDraft(stored)).toMatchObject({
      id: 7,
      emails: 'gestor@frota.ao\noficina@frota.ao',
      all_devices: false,
      device_ids: [3, 5],
      maintenance_km: '800',
      cost: false,
      document_days: '15',
    });
  });
});

describe('maintenance notification form messages (document 3 §5)', () => {
  it('needs the e-mails, each valid', () => {
    expect(notificationProblem(filled({ emails: '' }))).toBe('Deve indicar os emails para notificação');
    expect(notificationProblem(filled({ emails: ' \n ' }))).toBe(M.emailsRequired);
    expect(notificationProblem(filled({ emails: 'gestor@frota.ao\noficina' }))).toBe('Email inválido');
    expect(notificationProblem(filled({ emails: 'gestor@frota.ao\n\noficina@frota.ao' }))).toBeNull();
  });

  it('needs numeric km and hours, whole days and numeric hours for the kinds that are on', () => {
    expect(notificationProblem(filled({ maintenance_km: '12a' }))).toBe('Km/horas inválidos');
    expect(notificationProblem(filled({ maintenance_hours: 'x' }))).toBe(M.kmHoursInvalid);
    expect(notificationProblem(filled({ cost_days: 'trinta' }))).toBe('Dias inválidos');
    expect(notificationProblem(filled({ document_days: '-1' }))).toBe(M.daysInvalid);
    expect(notificationProblem(filled({ communication_hours: 'x' }))).toBe('Horas inválidas');
    expect(notificationProblem(filled({ maintenance_km: '1.500,5' }))).toBeNull();
  });

  it('does not check the advance of a kind that is off', () => {
    expect(notificationProblem(filled({ maintenance: false, maintenance_km: 'x' }))).toBeNull();
    expect(notificationProblem(filled({ communication: false, communication_hours: 'x' }))).toBeNull();
  });

  it('words the messages in each language, Portuguese verbatim', async () => {
    for (const language of ['pt', 'en', 'es', 'fr', 'ar']) {
      const table = (await loadLanguageTable(language)) as {
        management: { notifications: { validation: Record<string, string> } };
      };
      const texts = table.management.notifications.validation;
      expect(Object.keys(texts).sort(), language).toEqual(Object.keys(M).sort());
      if (language === 'pt') expect(texts).toEqual(M);
      const t = ((key: string) =>
        key.split('.').reduce<Table | string>((node, part) => (node as Table)[part], table)) as TFunction;
      expect(translateNotificationMessage(t, M.emailInvalid)).toBe(texts.emailInvalid);
      expect(translateNotificationMessage(t, 'id inválido')).toBe('id inválido');
    }
  });
});

describe('maintenance notification body', () => {
  it('falls back to 1000 km, 250 h, 30 d and 24 h when a field is empty', () => {
    const body = notificationBody(
      filled({
        maintenance_km: '',
        maintenance_hours: ' ',
        cost_days: '',
        document_days: '',
        communication_hours: '',
      }),
    );
    expect(body).toMatchObject({
      maintenance_km: 1000,
      maintenance_hours: 250,
      cost_days: 30,
      document_days: 30,
      communication_hours: 24,
    });
  });

  it('sends the addresses as a comma list and the vehicles only when not all', () => {
    const chosen = notificationBody({
      ...notificationDraft(stored),
      emails: 'a@frota.ao\n b@frota.ao; c@frota.ao',
    });
    expect(chosen).toEqual({
      id: 7,
      emails: 'a@frota.ao,b@frota.ao,c@frota.ao',
      all_devices: false,
      device_ids: '3,5',
      maintenance: true,
      maintenance_km: 800,
      maintenance_hours: 100,
      cost: false,
      cost_days: 30,
      document: true,
      document_days: 15,
      communication: false,
      communication_hours: 24,
    });
    const all = notificationBody({ ...notificationDraft(stored), all_devices: true });
    expect(all).toMatchObject({ all_devices: true, device_ids: '' });
    expect(notificationBody(filled({ maintenance_km: '7.500,5' })).maintenance_km).toBe(7500.5);
    expect(notificationBody(filled())).not.toHaveProperty('id');
  });
});
