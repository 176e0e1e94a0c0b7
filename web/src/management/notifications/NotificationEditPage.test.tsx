import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MaintenanceNotification } from '@frota/core';
import { MemoryRouter, Route, Routes } from 'react-router';
import '../../app/i18n';
import { queryKeys } from '../../api/queries';
import type { Device, Group, User } from '../../api/types';
import { SessionContext } from '../../session/sessionContext';
import { NotificationEditPage } from './NotificationEditPage';
import { NOTIFICATIONS_KEY } from './notificationsApi';

const user: User = { id: 9, name: 'Gestor', email: 'gestor@frota.ao', attributes: {} };
const devices: Device[] = [
  { id: 3, name: 'Camião 1', uniqueId: '1', groupId: 1, attributes: { license_plate: 'LD-12-34-AB' } },
  { id: 5, name: 'Camião 2', uniqueId: '2', groupId: 1, attributes: {} },
] as Device[];
const groups: Group[] = [{ id: 1, name: 'Pesados', attributes: {} }];
const stored: MaintenanceNotification = {
  id: 7,
  emails: 'gestor@frota.ao,oficina@frota.ao',
  all_devices: false,
  device_ids: '3',
  maintenance: false,
  maintenance_km: 5000,
  maintenance_hours: 250,
  cost: true,
  cost_days: 12,
  document: false,
  document_days: 30,
  communication: false,
  communication_hours: 24,
};

function show(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.devices, devices);
  client.setQueryData(queryKeys.groups, groups);
  client.setQueryData(NOTIFICATIONS_KEY, [stored]);
  render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={{ user, setUser: () => undefined }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/management/notification/:id?" element={<NotificationEditPage />} />
            <Route path="/management/notifications" element={<p>list</p>} />
          </Routes>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const field = (testId: string) => screen.queryByTestId(testId) as HTMLInputElement | null;

afterEach(cleanup);

describe('the maintenance notification form (document 3 §2)', () => {
  it("starts with the user's e-mail, every switch on with its advance field, all vehicles", () => {
    show('/management/notification');
    expect(screen.getByRole('heading').textContent).toBe('Notificações de manutenção > Adicionar');
    expect(input('maintenance-notification-emails').value).toBe('gestor@frota.ao');
    expect(input('maintenance-notification-maintenance_km').value).toBe('5000');
    expect(input('maintenance-notification-maintenance_hours').value).toBe('250');
    expect(input('maintenance-notification-cost_days').value).toBe('30');
    expect(input('maintenance-notification-document_days').value).toBe('30');
    expect(input('maintenance-notification-communication_hours').value).toBe('24');
    expect(input('maintenance-notification-all-devices').checked).toBe(true);
    expect(field('maintenance-notification-devices')).toBeNull();
  });

  it('hides an advance field when its switch is off and shows the vehicle picker for chosen vehicles', () => {
    show('/management/notification');
    fireEvent.click(input('maintenance-notification-maintenance'));
    expect(field('maintenance-notification-maintenance_km')).toBeNull();
    expect(field('maintenance-notification-maintenance_hours')).toBeNull();
    fireEvent.click(input('maintenance-notification-maintenance'));
    expect(input('maintenance-notification-maintenance_km').placeholder).toBe('1000');
    fireEvent.click(input('maintenance-notification-selected-devices'));
    expect(field('maintenance-notification-devices')).not.toBeNull();
  });

  it('refuses a wrong e-mail and a wrong advance with the messages of §5', () => {
    show('/management/notification');
    fireEvent.change(input('maintenance-notification-emails'), {
      target: { value: 'gestor@frota.ao\noficina' },
    });
    fireEvent.click(screen.getByTestId('edit-save'));
    expect(screen.getByRole('dialog').textContent).toContain('Email inválido');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    fireEvent.change(input('maintenance-notification-emails'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('edit-save'));
    expect(screen.getByRole('dialog').textContent).toContain('Deve indicar os emails para notificação');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    fireEvent.change(input('maintenance-notification-emails'), { target: { value: 'gestor@frota.ao' } });
    fireEvent.change(input('maintenance-notification-maintenance_km'), { target: { value: 'mil' } });
    fireEvent.click(screen.getByTestId('edit-save'));
    expect(screen.getByRole('dialog').textContent).toContain('Km/horas inválidos');
  });

  it('edits a stored notification: its addresses one per line, its switches and its vehicle', () => {
    show('/management/notification/7');
    expect(screen.getByRole('heading').textContent).toBe('Notificações de manutenção > Editar');
    expect(input('maintenance-notification-emails').value).toBe('gestor@frota.ao\noficina@frota.ao');
    expect(input('maintenance-notification-maintenance').checked).toBe(false);
    expect(field('maintenance-notification-maintenance_km')).toBeNull();
    expect(input('maintenance-notification-cost_days').value).toBe('12');
    expect(input('maintenance-notification-selected-devices').checked).toBe(true);
    expect(screen.getByText('Camião 1 (LD-12-34-AB)')).toBeTruthy();
  });
});
