import { describe, expect, it } from 'vitest';
import { newMaintenanceNotification, validateMaintenanceNotification } from './validation';

const message = (r: { ok: boolean; message?: string }) => (r.ok ? 'ok' : r.message);

const good = {
  emails: 'gestor@x.ao\noficina@x.ao; frota@x.ao',
  all_devices: 0,
  device_ids: '3, 5',
  maintenance: true,
  maintenance_km: '5000',
  maintenance_hours: 250,
  cost: '1',
  cost_days: '30',
  document: 'on',
  document_days: 15,
  communication: 1,
  communication_hours: '24,5',
};

describe('maintenance notification form (document 3 §5)', () => {
  it('accepts and normalises a full form', () => {
    expect(validateMaintenanceNotification(good)).toEqual({
      ok: true,
      value: {
        emails: 'gestor@x.ao,oficina@x.ao,frota@x.ao',
        all_devices: false,
        device_ids: '3,5',
        maintenance: true,
        maintenance_km: 5000,
        maintenance_hours: 250,
        cost: true,
        cost_days: 30,
        document: true,
        document_days: 15,
        communication: true,
        communication_hours: 24.5,
      },
    });
  });

  it('answers the Portuguese messages verbatim', () => {
    expect(message(validateMaintenanceNotification({ ...good, emails: ' \n ' }))).toBe(
      'Deve indicar os emails para notificação',
    );
    expect(message(validateMaintenanceNotification({ ...good, emails: 'gestor@x.ao, gestor' }))).toBe(
      'Email inválido',
    );
    expect(message(validateMaintenanceNotification({ ...good, maintenance_km: 'muitos' }))).toBe(
      'Km/horas inválidos',
    );
    expect(message(validateMaintenanceNotification({ ...good, maintenance_hours: -1 }))).toBe(
      'Km/horas inválidos',
    );
    expect(message(validateMaintenanceNotification({ ...good, cost_days: 'x' }))).toBe('Dias inválidos');
    expect(message(validateMaintenanceNotification({ ...good, document_days: '2,5' }))).toBe(
      'Dias inválidos',
    );
    expect(message(validateMaintenanceNotification({ ...good, communication_hours: 'um dia' }))).toBe(
      'Horas inválidas',
    );
  });

  it('falls back to 1000 km, 250 h, 30 days and 24 h for empty fields', () => {
    const r = validateMaintenanceNotification({
      ...good,
      maintenance_km: '',
      maintenance_hours: null,
      cost_days: ' ',
      document_days: undefined,
      communication_hours: '',
    });
    expect(r).toMatchObject({
      ok: true,
      value: {
        maintenance_km: 1000,
        maintenance_hours: 250,
        cost_days: 30,
        document_days: 30,
        communication_hours: 24,
      },
    });
  });

  it('does not check a kind that is off, and keeps the fallback for its bad value', () => {
    const r = validateMaintenanceNotification({
      ...good,
      maintenance: 0,
      maintenance_km: 'x',
      cost: false,
      cost_days: 'y',
    });
    expect(r).toMatchObject({
      ok: true,
      value: { maintenance: false, maintenance_km: 1000, cost: false, cost_days: 30 },
    });
  });

  it('all vehicles by default, and then no vehicle list', () => {
    const { all_devices: _a, ...rest } = good;
    expect(validateMaintenanceNotification(rest)).toMatchObject({
      ok: true,
      value: { all_devices: true, device_ids: '' },
    });
    expect(validateMaintenanceNotification({ ...good, device_ids: [7, '7', 'x', 2] })).toMatchObject({
      ok: true,
      value: { device_ids: '7,2' },
    });
  });

  it('a new form: the user e-mail, every kind on, the defaults of §9', () => {
    expect(newMaintenanceNotification(' gestor@x.ao ')).toEqual({
      emails: 'gestor@x.ao',
      all_devices: true,
      device_ids: '',
      maintenance: true,
      maintenance_km: 5000,
      maintenance_hours: 250,
      cost: true,
      cost_days: 30,
      document: true,
      document_days: 30,
      communication: true,
      communication_hours: 24,
    });
    expect(newMaintenanceNotification(null).emails).toBe('');
  });
});
