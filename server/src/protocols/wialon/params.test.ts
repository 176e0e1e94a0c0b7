import { describe, expect, it } from 'vitest';
import { applyParams, parseParams } from './params';

const attributesOf = (field: string) => {
  const attributes: Record<string, unknown> = {};
  const accuracy = applyParams(parseParams(field)!, attributes);
  return { attributes, accuracy };
};

describe('parseParams', () => {
  it('reads the protocol document example by type', () => {
    expect(parseParams('count1:1:564,fuel:2:45.8,hw:3:V4.5')).toEqual([
      { name: 'count1', value: 564 },
      { name: 'fuel', value: 45.8 },
      { name: 'hw', value: 'V4.5' },
    ]);
  });

  it('keeps colons inside text values', () => {
    expect(parseParams('time:3:12:30:00')).toEqual([{ name: 'time', value: '12:30:00' }]);
  });

  it('is empty for NA or nothing', () => {
    expect(parseParams('NA')).toEqual([]);
    expect(parseParams('')).toEqual([]);
  });

  it('refuses malformed parameters', () => {
    for (const field of ['count1:1:5.5', 'fuel:2:much', 'x:4:1', 'novalue', 'a:1:1,,b:1:2'])
      expect(parseParams(field), field).toBeUndefined();
  });
});

describe('applyParams', () => {
  it('maps the usual parameters to the pipeline names', () => {
    const { attributes } = attributesOf(
      'pwr_ext:2:12.6,pwr_int:2:4.1,ign:1:1,odometer:1:123456,fuel:2:40.5,avl_driver:3:00A1B2,rssi:1:20',
    );
    expect(attributes).toEqual({
      power: 12.6,
      battery: 4.1,
      ignition: true,
      odometer: 123456,
      fuel: 40.5,
      driverUniqueId: '00A1B2',
      rssi: 20,
    });
  });

  it('reads booleans and numbers sent as text', () => {
    expect(attributesOf('ignition:3:false,motion:3:true,bat:3:99,mileage:3:15').attributes).toEqual({
      ignition: false,
      motion: true,
      batteryLevel: 99,
      odometer: 15,
    });
  });

  it('raises the SOS alarm only when pressed', () => {
    expect(attributesOf('SOS:1:1').attributes).toEqual({ alarm: 'sos' });
    expect(attributesOf('SOS:1:0').attributes).toEqual({});
  });

  it('keeps other parameters, and unreadable known ones, under their own names', () => {
    expect(attributesOf('Батарея:3:100 %,ign:3:maybe,di_light:1:1').attributes).toEqual({
      Батарея: '100 %',
      ign: 'maybe',
      di_light: 1,
    });
  });

  it('returns the accuracy as a position field', () => {
    expect(attributesOf('accuracy:2:12.5,sat_x:1:3')).toEqual({ attributes: { sat_x: 3 }, accuracy: 12.5 });
  });

  it('does not touch the prototype', () => {
    const { attributes } = attributesOf('__proto__:3:x');
    expect(Object.getPrototypeOf(attributes)).toBe(Object.prototype);
  });
});
