import { describe, expect, it } from 'vitest';
import { AREAS } from '../app/areas';
import type { Device, Group, Position } from '../api/types';
import {
  GLOBAL_PERMISSIONS,
  offeredGroups,
  permissionGroups,
  holds,
  toggleGroup,
  toggleItem,
} from './permissionTree';
import { ALERT_TYPES } from './notificationTypes';
import { notificationBody, toFormNotification, validateNotification } from './notificationForm';
import { fuelText, hardwareText, vehicleRows } from './vehiclesList';
import {
  emptyRows,
  importableRows,
  pasteInto,
  runImport,
  type ImportApi,
} from '../common/import/driverImport';

const names = { electric: 'Eléctrico', diesel: 'Gasóleo', gasoline: 'Gasolina' };

describe('vehicles list', () => {
  it('builds the columns of the settings list from devices, groups and latest positions', () => {
    const devices: Device[] = [
      {
        id: 1,
        name: 'LD-01',
        uniqueId: '1',
        groupId: 5,
        model: 'Hilux',
        contact: 'nota',
        phone: '923',
        disabled: true,
        attributes: {
          license_plate: 'LD-01-AA',
          speedLimit: 43.196544,
          device_type: 12,
          has_canbus: 1,
          chassis: 'X1',
        },
      },
    ];
    const groups: Group[] = [{ id: 5, name: 'Obras', attributes: {} }];
    const positions = [
      {
        id: 9,
        deviceId: 1,
        fixTime: '2025-01-01T10:00:00Z',
        address: 'Luanda',
        attributes: { io192: 1234567, hours: 7200000 },
      },
    ] as unknown as Position[];
    expect(vehicleRows(devices, groups, positions, names)[0]).toEqual({
      id: 1,
      name: 'LD-01',
      plate: 'LD-01-AA',
      group: 'Obras',
      model: 'Hilux',
      fuel: '',
      chassis: 'X1',
      gsm: '923',
      hardware: '12 + CAN-Bus',
      notes: 'nota',
      speedLimit: 80,
      odometer: 12345.7,
      hours: 2,
      active: false,
      lastPosition: '2025-01-01T10:00:00Z',
      address: 'Luanda',
    });
  });
  it('names the fuel and its tank', () => {
    expect(fuelText({ fuel_type: 1, fuel_tank_capacity: 60 }, names)).toBe('Eléctrico (60 kW)');
    expect(fuelText({ fuel_type: 'diesel', fuel_tank_capacity: 80 }, names)).toBe('Gasóleo (80 L)');
    expect(fuelText({}, names)).toBe('');
    // right to left, the figure and its unit keep their order
    expect(fuelText({ fuel_type: 'diesel', fuel_tank_capacity: 80 }, names, true)).toBe(
      'Gasóleo (\u206680 L\u2069)',
    );
    expect(hardwareText({ has_canbus: true })).toBe('CAN-Bus');
  });
});

describe('permission panel', () => {
  it('lists the menu permissions by section and the global ones', () => {
    const groups = permissionGroups(AREAS);
    expect(groups.map((g) => g.id)).toEqual(expect.arrayContaining(['map', 'reports', 'settings', 'global']));
    expect(groups.find((g) => g.id === 'global')!.items.map((i) => i.permission)).toEqual(GLOBAL_PERMISSIONS);
    const settings = groups.find((g) => g.id === 'settings')!.items.map((i) => i.permission);
    expect(settings).toContain('settings.temporary_links');
    // the year presets' flag is grantable in the reports group
    const reports = groups.find((g) => g.id === 'reports')!.items;
    expect(reports.at(-1)).toEqual({ permission: 'reports.year', title: 'settings.permission.year' });
  });
  it('offers only what the editor holds, and everything to administrators', () => {
    const editor = {
      id: 1,
      name: 'g',
      email: 'g@x.ao',
      attributes: { permissions: ['map.online', 'settings.users', 'global.show_gsm'] },
    };
    const offered = offeredGroups(editor, AREAS);
    expect(offered.flatMap((g) => g.items.map((i) => i.permission))).toEqual([
      'map.online',
      'settings.users',
      'global.show_gsm',
    ]);
    const admin = { ...editor, administrator: true };
    expect(offeredGroups(admin, AREAS).find((g) => g.id === 'global')!.items).toHaveLength(4);
  });
  it('turns a group off when any item is on, else all on', () => {
    const group = {
      id: 'map',
      items: [
        { permission: 'map.online', title: '' },
        { permission: 'map.history', title: '' },
      ],
    };
    expect(toggleGroup(['map.online', 'x'], group)).toEqual(['x']);
    expect(toggleGroup(['x'], group)).toEqual(['x', 'map.online', 'map.history']);
    expect(toggleItem(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleItem(['a', 'b'], 'a')).toEqual(['b']);
  });
  it('shows as held what a wider permission covers, and unticking one item keeps the others it covered', () => {
    const all = ['reports.km', 'reports.trips', 'reports.stops', 'map.online'];
    const reports = {
      id: 'reports',
      items: [
        { permission: 'reports.km', title: '' },
        { permission: 'reports.trips', title: '' },
        { permission: 'reports.stops', title: '' },
      ],
    };
    expect(holds(['reports'], 'reports.trips')).toBe(true);
    expect(holds(['reports.km'], 'reports.trips')).toBe(false);
    // `reports` held: trips goes off, km and stops stay (now by name), map.online untouched
    expect(toggleItem(['reports', 'map.online'], 'reports.trips', all)).toEqual([
      'map.online',
      'reports.km',
      'reports.stops',
    ]);
    // the group box turns everything `reports` covered off
    expect(toggleGroup(['reports', 'map.online'], reports, all)).toEqual(['map.online']);
    expect(toggleItem(['map.online'], 'reports.km', all)).toEqual(['map.online', 'reports.km']);
  });
});

describe('alert notifications', () => {
  it('saves alarm-like types as alarm with the alarm name and loads them back as the form type', () => {
    const form = { always: true, notificators: 'web', attributes: {} };
    const sos = notificationBody({ ...form, type: 'sos' });
    expect(sos).toMatchObject({ type: 'alarm', attributes: { alarms: 'sos' } });
    expect(toFormNotification(sos).type).toBe('sos');
    const belt = notificationBody({ ...form, type: 'seatbeltAndLights' });
    expect(belt.attributes.alarms).toBe('seatbelt+lights');
    expect(toFormNotification(belt).type).toBe('seatbeltAndLights');
    const enter = notificationBody({ ...form, type: 'geofenceEnter', attributes: { alarms: 'sos' } });
    expect(enter).toEqual({ type: 'geofenceEnter', always: true, notificators: 'web', attributes: {} });
    expect(ALERT_TYPES).toHaveLength(12);
  });
  it('requires a delivery method and a type, and valid e-mails when mail is used', () => {
    const n = {
      type: 'sos',
      always: true,
      notificators: 'mail',
      attributes: { emailTo: 'a@b.ao;c@d.ao', emailCc: '' },
    };
    expect(validateNotification({ ...n, notificators: '' })).toEqual({
      key: 'settings.verifyAlertNotificators',
    });
    expect(validateNotification({ ...n, type: '' })).toEqual({ key: 'settings.verifyAlertType' });
    expect(validateNotification({ ...n, attributes: { emailTo: 'a@b.ao bad' } })).toEqual({
      key: 'settings.invalidEmail',
      value: 'bad',
    });
    expect(validateNotification(n)).toBeNull();
    expect(notificationBody(n).attributes).toEqual({ emailTo: 'a@b.ao,c@d.ao', alarms: 'sos' });
    expect(validateNotification({ ...n, notificators: 'web', attributes: { emailTo: 'bad' } })).toBeNull();
    expect(notificationBody({ ...n, notificators: 'web' }).attributes).toEqual({ alarms: 'sos' });
  });
});

describe('driver import', () => {
  it('pastes spreadsheet text from any cell, growing the grid', () => {
    const rows = pasteInto(emptyRows(2), 1, 0, 'Ana\t923\tnota\tR1\r\nBeto\t924\t\tR2\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({ name: 'Ana', phone: '923', notes: 'nota', rfid: 'R1' });
    expect(rows[2]).toMatchObject({ name: 'Beto', rfid: 'R2' });
    expect(pasteInto(emptyRows(1), 0, 2, 'n\tR9\textra')[0]).toMatchObject({ notes: 'n', rfid: 'R9' });
    expect(importableRows(rows)).toEqual([1, 2]);
  });
  it('logs a failed row as an error and goes on with the next one', async () => {
    const created: string[] = [];
    const api: ImportApi = {
      check: async () => undefined,
      createDriver: async (body) => {
        if (body.name === 'Mau')
          throw Object.assign(new Error('dup'), {
            status: 400,
            statusText: 'Bad Request',
            body: 'Duplicate',
          });
        created.push(body.name);
        return { id: created.length };
      },
      addToGroup: async () => undefined,
    };
    const log: Array<[string, boolean]> = [];
    const status: Record<number, number> = {};
    const rows = pasteInto(emptyRows(0), 0, 0, 'Ana\nMau\nBeto');
    const ok = await runImport(rows, 4, api, {
      row: (i, s) => (status[i] = s),
      log: (key, _v, error) => log.push([key, !!error]),
    });
    expect(ok).toBe(true);
    expect(created).toEqual(['Ana', 'Beto']);
    expect(status).toEqual({ 0: 1, 1: 1, 2: 1 });
    expect(log.filter(([, e]) => e).map(([k]) => k)).toEqual(['settings.importLog.createFailed']);
    expect(log.at(-1)![0]).toBe('settings.importDone');
  });
});
