import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import type { Geofence } from '../api/types';
import {
  coordinatesText,
  fuelText,
  navigateUrl,
  odometerText,
  popupFields,
  speedText,
  tagNames,
  type PopupContext,
} from './popupFields';
import { device, kmh, position, view } from './testFleet';

const zones = new Map<number, Geofence>([
  [1, { id: 1, name: 'Porto', area: 'CIRCLE (-8.8 13.2, 400)', attributes: {} }],
  [2, { id: 2, name: 'Ilha', area: 'POLYGON ((-8.78 13.21, -8.79 13.22, -8.80 13.23))', attributes: {} }],
]);

const context: PopupContext = {
  tags: [{ tag: 'vip', name: 'Cliente VIP' }],
  geofences: zones,
  fuelMode: 'percent',
  odometerMode: undefined,
  pendingCommand: false,
  formatTime: (iso) => `T(${iso})`,
};

describe('popup fields', () => {
  it('formats speed in km/h, coordinates with 6 decimals and the navigate link', () => {
    expect(speedText(kmh(87.4))).toBe('87 km/h');
    expect(coordinatesText(-8.8383, 13.23)).toBe('-8.838300, 13.230000');
    expect(navigateUrl(-8.8383, 13.23)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-8.838300,13.230000',
    );
  });

  it('shows the odometer from io192 / 100 (1 decimal), else totalDistance, and hours from milliseconds', async () => {
    expect(odometerText('odometer', { io192: 1234567 })).toBe('12\u00a0345,7 km');
    expect(odometerText('odometer', { totalDistance: 1_500_250 })).toBe('1\u00a0500,3 km');
    expect(odometerText('hours', { hours: 5_400_000 })).toBe('1,5 h');
    // in the interface language's format
    await i18n.changeLanguage('en');
    try {
      expect(odometerText('odometer', { io192: 1234567 })).toBe('12,345.7 km');
      expect(fuelText({ value: 44.4, unit: '%' })).toBe('44%');
    } finally {
      await i18n.changeLanguage('pt');
    }
    expect(odometerText('hours', {})).toBeUndefined();
  });

  it('names tags from a comma list or a list', () => {
    expect(tagNames('vip, xyz', context.tags)).toBe('Cliente VIP, xyz');
    expect(tagNames(['vip'], context.tags)).toBe('Cliente VIP');
    expect(tagNames(undefined, context.tags)).toBe('');
  });

  it('lists every field in the order of the specification', () => {
    const v = view(
      device(7, 'Camião', {
        attributes: {
          tags: 'vip',
          license_plate: 'LD-22-33-BB',
          has_immobilization: 1,
          in_maintenance: 1,
          fuel_tank_capacity: 80,
        },
      }),
      position(7, {
        speed: kmh(45),
        address: 'Rua 1, Luanda',
        valid: false,
        attributes: {
          ignition: true,
          driver: 'João',
          geofenceIds: [1, 2],
          event_details: 'Excesso de velocidade',
          battery: 4.05,
          fuel: 40,
          power: 12.6,
          rssi: 1,
          result: 'DOUT1:1',
          io192: 100_000,
        },
      }),
    );
    const fields = popupFields(v, context);
    expect(fields.map((f) => f.kind)).toEqual([
      'tags',
      'plate',
      'status',
      'speed',
      'driver',
      'address',
      'zone',
      'coordinates',
      'fixTime',
      'event',
      'battery',
      'level',
      'power',
      'maintenance',
      'noGps',
      'lowGsm',
      'immobilization',
      'odometer',
    ]);
    expect(fields.find((f) => f.kind === 'zone')).toEqual({ kind: 'zone', text: 'Porto, Ilha', point: true });
    expect(fields.find((f) => f.kind === 'level')).toMatchObject({ text: '40%', color: 'orange' });
    expect(fields.find((f) => f.kind === 'power')).toMatchObject({ text: '12,6 V', color: 'green' });
    expect(fields.find((f) => f.kind === 'immobilization')).toMatchObject({ state: 'on', pending: false });
    expect(fields.find((f) => f.kind === 'odometer')).toMatchObject({
      mode: 'odometer',
      text: '1\u00a0000,0 km',
    });
  });

  it('cycles the level display through litres and, for electric vehicles, energy and range', () => {
    const fuel = view(
      device(1, 'D', { attributes: { fuel_tank_capacity: 60 } }),
      position(1, { attributes: { fuel: 50 } }),
    );
    expect(
      popupFields(fuel, { ...context, fuelMode: 'volume' }).find((f) => f.kind === 'level'),
    ).toMatchObject({
      text: '30,0 L',
      electric: false,
    });
    const ev = view(
      device(2, 'E', { attributes: { fuel_type: 1, fuel_tank_capacity: 75 } }),
      position(2, { attributes: { fuel: 80, range: 310 } }),
    );
    expect(popupFields(ev, { ...context, fuelMode: 'energy' }).find((f) => f.kind === 'level')).toMatchObject(
      { text: '60,0 kW', electric: true },
    );
    expect(popupFields(ev, { ...context, fuelMode: 'range' }).find((f) => f.kind === 'level')).toMatchObject({
      text: '310,0 km',
    });
  });

  it('uses the remembered odometer choice, or the hour meter for show_hours vehicles', () => {
    const machine = view(
      device(3, 'M', { attributes: { show_hours: 1 } }),
      position(3, { attributes: { hours: 36_000_000, io192: 5000 } }),
    );
    expect(popupFields(machine, context).at(-1)).toEqual({ kind: 'odometer', mode: 'hours', text: '10,0 h' });
    expect(popupFields(machine, { ...context, odometerMode: 'odometer' }).at(-1)).toEqual({
      kind: 'odometer',
      mode: 'odometer',
      text: '50,0 km',
    });
  });

  it('stops after the status for a vehicle with no position', () => {
    expect(popupFields(view(device(4, 'N'), null), context).map((f) => f.kind)).toEqual(['status']);
  });
});
