import { describe, expect, it } from 'vitest';
import { ALARM_NAMES, alarmOfType, formAlertType, storedAlertType } from './alarmTypes';

describe('alarm-like alert types', () => {
  it('stores every alarm-like type as type alarm with the alarm name, keeping the other attributes', () => {
    expect(storedAlertType('sos', { description: 'SOS' })).toEqual({
      type: 'alarm',
      attributes: { description: 'SOS', alarms: 'sos' },
    });
    for (const type of [
      'lowBattery',
      'hardAcceleration',
      'hardBraking',
      'hardCornering',
      'tampering',
      'malfunction',
    ])
      expect(storedAlertType(type, {})).toEqual({ type: 'alarm', attributes: { alarms: type } });
    expect(storedAlertType('seatbeltAndLights', {}).attributes.alarms).toBe('seatbelt+lights');
  });

  it('accepts the alarm names API clients may send as types', () => {
    expect(alarmOfType('seatbelt+lights')).toBe('seatbelt+lights');
    expect(alarmOfType('seatbelt')).toBe('seatbelt');
    expect(alarmOfType('lights')).toBe('lights');
    expect(alarmOfType('geofenceEnter')).toBeUndefined();
    expect(alarmOfType('toString')).toBeUndefined();
  });

  it('keeps other types, dropping a leftover alarm, and keeps type alarm as sent', () => {
    expect(storedAlertType('geofenceEnter', { alarms: 'sos', description: 'x' })).toEqual({
      type: 'geofenceEnter',
      attributes: { description: 'x' },
    });
    expect(storedAlertType('alarm', { alarms: 'powerCut' })).toEqual({
      type: 'alarm',
      attributes: { alarms: 'powerCut' },
    });
  });

  it('maps a stored alarm back to the type the form offers', () => {
    for (const type of Object.keys(ALARM_NAMES)) {
      const stored = storedAlertType(type, {});
      expect(formAlertType(stored.type, stored.attributes)).toBe(type);
    }
    expect(formAlertType('alarm', { alarms: 'seatbelt' })).toBe('seatbeltAndLights');
    expect(formAlertType('alarm', { alarms: 'lights' })).toBe('seatbeltAndLights');
    expect(formAlertType('alarm', { alarms: 'sos,lowBattery' })).toBe('sos');
    expect(formAlertType('alarm', { alarms: 'powerCut' })).toBe('alarm');
    expect(formAlertType('alarm', undefined)).toBe('alarm');
    expect(formAlertType('deviceOverspeed', { alarms: 'sos' })).toBe('deviceOverspeed');
  });
});
