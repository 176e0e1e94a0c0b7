import type { MaintenanceNotification } from '@frota/core';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { advanceOf, emailsText, notificationColumns, OFF, vehiclesText } from './notificationColumns';

const t = ((key: string) => (key === 'management.notifications.all' ? 'Todos' : key)) as TFunction;

const notification = (change: Partial<MaintenanceNotification> = {}): MaintenanceNotification => ({
  id: 1,
  emails: 'gestor@frota.ao,oficina@frota.ao',
  all_devices: true,
  device_ids: '',
  maintenance: true,
  maintenance_km: 5000,
  maintenance_hours: 250,
  cost: true,
  cost_days: 30,
  document: false,
  document_days: 30,
  communication: true,
  communication_hours: 24,
  ...change,
});

const plates = new Map([
  [3, 'LD-12-34-AB'],
  [5, 'LD-56-78-CD'],
]);
const plateOf = (id: number) => plates.get(id);

describe('maintenance notification list columns (document 3 §2)', () => {
  it('shows All, the plate of the one vehicle, else the count', () => {
    expect(vehiclesText(notification(), t, plateOf)).toBe('Todos');
    expect(vehiclesText(notification({ all_devices: false, device_ids: '5' }), t, plateOf)).toBe(
      'LD-56-78-CD',
    );
    expect(vehiclesText(notification({ all_devices: false, device_ids: '3,5' }), t, plateOf)).toBe('2');
  });

  it('shows each advance, and a dash when its kind is off', () => {
    const columns = notificationColumns(t, plateOf);
    expect(columns.map((c) => c.field)).toEqual([
      'emails',
      'device_ids',
      'maintenance_km',
      'maintenance_hours',
      'cost_days',
      'document_days',
      'communication_hours',
    ]);
    const row = notification({ maintenance_km: 12000 });
    const shown = (field: string) => {
      const column = columns.find((c) => c.field === field)!;
      const value = column.valueGetter!(row[field as keyof MaintenanceNotification] as never, row, column, {
        current: null,
      } as never);
      return column.valueFormatter
        ? column.valueFormatter(value as never, row, column, { current: null } as never)
        : value;
    };
    expect(shown('emails')).toBe('gestor@frota.ao, oficina@frota.ao');
    expect(shown('device_ids')).toBe('Todos');
    expect(shown('maintenance_km')).toBe('12\u00a0000');
    expect(shown('maintenance_hours')).toBe('250');
    expect(shown('cost_days')).toBe('30');
    expect(shown('document_days')).toBe(OFF);
    expect(shown('communication_hours')).toBe('24');
    expect(advanceOf(notification({ maintenance: false }), 'maintenance_hours')).toBeNull();
    expect(emailsText('a@x.ao;b@x.ao')).toBe('a@x.ao, b@x.ao');
  });
});
