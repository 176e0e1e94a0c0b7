import { addAlarm } from '../teltonika/ioTable';
import { setAttribute } from '../../db/attributeSet';

export type ParamValue = number | string;

/** One `NAME:TYPE:VALUE` parameter: type 1 integer, 2 double, 3 text. */
export interface Param {
  name: string;
  value: ParamValue;
}

const PARAM = /^([^:]+):([123]):(.*)$/s;
const INTEGER = /^[-+]?\d+$/;
const DOUBLE = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** The parameters field; `NA` or nothing is none. Undefined when a parameter is malformed. */
export function parseParams(field: string): Param[] | undefined {
  if (field === '' || field === 'NA') return [];
  const params: Param[] = [];
  for (const item of field.split(',')) {
    const match = PARAM.exec(item);
    if (!match) return undefined;
    const [, name, type, raw] = match;
    if (type === '3') {
      params.push({ name, value: raw });
      continue;
    }
    if (!(type === '1' ? INTEGER : DOUBLE).test(raw.trim())) return undefined;
    params.push({ name, value: Number(raw.trim()) });
  }
  return params;
}

function booleanOf(value: ParamValue): boolean | undefined {
  if (typeof value === 'number') return value !== 0;
  const text = value.trim().toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(text)) return true;
  if (['0', 'false', 'off', 'no'].includes(text)) return false;
  return undefined;
}

function numberOf(value: ParamValue): number | undefined {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return DOUBLE.test(text) ? Number(text) : undefined;
}

type Mapper = (value: ParamValue, attributes: Record<string, unknown>) => boolean;

/** Sets `key` from a value read with `read`; false when the value does not read (it keeps its name). */
const as =
  <T>(key: string, read: (value: ParamValue) => T | undefined): Mapper =>
  (value, attributes) => {
    const converted = read(value);
    if (converted === undefined) return false;
    setAttribute(attributes, key, converted);
    return true;
  };

const number = (key: string) => as(key, numberOf);
const flag = (key: string) => as(key, booleanOf);

/** Parameters the pipeline knows under Traccar's names (looked up case-insensitively). */
const KNOWN: Record<string, Mapper> = {
  pwr_ext: number('power'),
  power: number('power'),
  pwr_int: number('battery'),
  battery: number('battery'),
  bat: number('batteryLevel'),
  battery_level: number('batteryLevel'),
  ign: flag('ignition'),
  ignition: flag('ignition'),
  motion: flag('motion'),
  odometer: number('odometer'),
  mileage: number('odometer'),
  fuel: number('fuel'),
  rssi: number('rssi'),
  hdop: number('hdop'),
  avl_driver: as('driverUniqueId', (value) => String(value)),
  sos: (value, attributes) => {
    const pressed = booleanOf(value);
    if (pressed === undefined) return false;
    if (pressed) addAlarm(attributes, 'sos');
    return true;
  },
};

/**
 * Adds the parameters to the attributes: the known ones under the pipeline's names, any other under its
 * own name. Returns the `accuracy` parameter (metres), which is a field of the position.
 */
export function applyParams(params: Param[], attributes: Record<string, unknown>): number | undefined {
  let accuracy: number | undefined;
  for (const { name, value } of params) {
    const key = name.toLowerCase();
    if (key === 'accuracy' && numberOf(value) !== undefined) {
      accuracy = numberOf(value);
      continue;
    }
    const mapper = Object.hasOwn(KNOWN, key) ? KNOWN[key] : undefined;
    if (mapper?.(value, attributes)) continue;
    // a plain object's prototype is not a parameter
    if (name !== '__proto__') setAttribute(attributes, name, value);
  }
  return accuracy;
}
