import { describe, expect, it } from 'vitest';
import { deviceBody, hasRfidBuzzer, newDeviceDraft, speedLimitText, validateDevice } from './deviceForm';
import { drivingCategories, validateDriver, newDriverDraft } from './driverForm';
import { formUniqueId, listedUniqueId, driverRows } from './driversList';
import {
  defaultExpiration,
  historyDay,
  linkAddress,
  linkExpired,
  linkVehicles,
  newTemporaryLink,
  validateTemporaryLink,
} from './temporaryLinkForm';
import { isNumericPhone } from '../common/validation';
import { DEFAULT_WEEK, weekOf } from './workingWeek';

describe('working week', () => {
  it('defaults to weekdays 09:00-18:00, saturday 09:00-13:00, sunday off', () => {
    expect(weekOf(undefined)).toEqual(DEFAULT_WEEK);
    expect(weekOf({ sunday: true }).sunday).toBe(true);
  });
});

describe('vehicle form', () => {
  it('shows the stored knots in km/h and stores km/h typed as knots, 0 when invalid', () => {
    const device = { ...newDeviceDraft(), name: 'V', uniqueId: '1', attributes: { speedLimit: 43.196544 } };
    expect(speedLimitText(device)).toBe('80');
    expect(deviceBody(device, '100', undefined).attributes.speedLimit).toBeCloseTo(53.9957, 3);
    expect(deviceBody(device, 'abc', undefined).attributes.speedLimit).toBe(0);
    expect(deviceBody(device, null, 7).attributes).toMatchObject({ speedLimit: 43.196544, driverId: 7 });
  });
  it('defaults occupancy to 2 (document 1 §3), keeping a value given', () => {
    expect(newDeviceDraft().attributes.occupancy).toBe(2);
    const stored = { ...newDeviceDraft(), name: 'V', uniqueId: '1', attributes: {} };
    expect(deviceBody(stored, null, undefined).attributes.occupancy).toBe(2);
    expect(
      deviceBody({ ...stored, attributes: { occupancy: '' } }, null, undefined).attributes.occupancy,
    ).toBe(2);
    expect(
      deviceBody({ ...stored, attributes: { occupancy: 5 } }, null, undefined).attributes.occupancy,
    ).toBe(5);
  });
  it('validates name, identifier and working hours', () => {
    const device = { ...newDeviceDraft(), name: 'V', uniqueId: '1' };
    expect(validateDevice(device)).toBeNull();
    expect(validateDevice({ ...device, name: ' ' })).toEqual({ key: 'invalidName' });
    expect(validateDevice({ ...device, attributes: { week: { weekdays_start: '7' } } })).toEqual({
      key: 'settings.invalidWorkTime',
      value: '7',
    });
  });
  it('offers the RFID buzzer only for device types 1, 3, 12, 13, 16, 20 with has_rfid', () => {
    const with_ = (device_type: number, has_rfid: unknown) => ({
      ...newDeviceDraft(),
      attributes: { device_type, has_rfid },
    });
    for (const type of [1, 3, 12, 13, 16, 20]) expect(hasRfidBuzzer(with_(type, 1))).toBe(true);
    expect(hasRfidBuzzer(with_(2, 1))).toBe(false);
    expect(hasRfidBuzzer(with_(1, 0))).toBe(false);
  });
});

describe('driver form and list', () => {
  it('shows x. placeholders empty in the list and random_ ones empty in the form', () => {
    expect(listedUniqueId('x.abcdefghijklmn')).toBe('');
    expect(listedUniqueId('RFID1')).toBe('RFID1');
    expect(formUniqueId('random_123')).toBe('');
    expect(formUniqueId('x.abc')).toBe('x.abc');
  });
  it('joins group names by commas', () => {
    const rows = driverRows(
      [{ id: 1, name: 'Ana', uniqueId: 'x.1', attributes: {} }],
      [
        { id: 1, name: 'Sul', devices: [], users: [], geofences: [], drivers: [1], attributes: {} },
        { id: 2, name: 'Norte', devices: [], users: [], geofences: [], drivers: [1], attributes: {} },
      ],
    );
    expect(rows).toEqual([{ id: 1, name: 'Ana', uniqueId: '', groups: 'Norte, Sul' }]);
  });
  it('validates the e-mail and reads driving categories as a list or JSON', () => {
    const driver = { ...newDriverDraft(), name: 'Ana' };
    expect(validateDriver({ ...driver, attributes: { email: 'ana@x' } })).toEqual({
      key: 'settings.invalidEmail',
      value: 'ana@x',
    });
    expect(validateDriver({ ...driver, attributes: { email: 'ana@x.ao' } })).toBeNull();
    expect(drivingCategories('["B","C"]')).toEqual(['B', 'C']);
    expect(drivingCategories(['A'])).toEqual(['A']);
  });
});

describe('temporary link form', () => {
  it('generates a temp_ e-mail and password of 30 characters and a 40-character token', () => {
    const link = newTemporaryLink();
    expect(link.email).toMatch(/^temp_[a-z0-9]{30}$/);
    expect(link.password).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(link.token).toMatch(/^[A-Za-z0-9]{40}$/);
  });
  it('expires by default at the end of the day 7 days from now', () => {
    const now = Date.parse('2025-03-10T12:00:00Z');
    expect(defaultExpiration('Africa/Luanda', now)).toBe('2025-03-17T22:59:59.999Z');
  });
  it('snaps the history range to whole days', () => {
    expect(historyDay('2025-03-10', 'start', 'Africa/Luanda')).toBe('2025-03-09T23:00:00.000Z');
    expect(historyDay('2025-03-12', 'end', 'Africa/Luanda')).toBe('2025-03-12T22:59:59.999Z');
  });
  it('needs a name and a vehicle, and shares ?token=', () => {
    const link = { ...newTemporaryLink(), name: 'Cliente' };
    expect(validateTemporaryLink({ ...link, name: '' })).toBe('settings.temporaryNameRequired');
    expect(validateTemporaryLink(link)).toBe('settings.temporaryVehicleRequired');
    expect(validateTemporaryLink({ ...link, deviceIds: [3] })).toBeNull();
    expect(linkAddress('abc', 'https://frota.ao')).toBe('https://frota.ao/?token=abc');
    const now = Date.parse('2026-11-30T12:00:00Z');
    expect(linkExpired('2026-11-30T11:59:59Z', now)).toBe(true);
    expect(linkExpired('2026-12-07T23:59:59Z', now)).toBe(false);
    expect(linkExpired(null, now)).toBe(false);
    const names = new Map([
      [1, 'LD-12-44-CK'],
      [2, 'Escolar 1'],
    ]);
    expect(linkVehicles([1, 2, 3], names)).toBe('Escolar 1, LD-12-44-CK');
    expect(linkVehicles(undefined, names)).toBe('');
  });
});

describe('phones', () => {
  it('sends SMS only to numeric phones', () => {
    expect(isNumericPhone('+244923000000')).toBe(true);
    expect(isNumericPhone('923 000')).toBe(false);
    expect(isNumericPhone('')).toBe(false);
  });
});

describe('saving with links', () => {
  it('uses the transactional save only when the links change', async () => {
    const { linksChanged } = await import('./settingsApi');
    expect(linksChanged({ devices: [] }, {}, true)).toBe(false);
    expect(linksChanged({ devices: [1] }, {}, true)).toBe(true);
    expect(linksChanged({ devices: [2, 1] }, { devices: [1, 2] }, false)).toBe(false);
    expect(linksChanged({ devices: [1] }, { devices: [1, 2] }, false)).toBe(true);
    expect(linksChanged({ devices: [1] }, { devices: undefined }, false)).toBe(true);
    expect(linksChanged({}, {}, false)).toBe(false);
  });
});
