/**
 * What a computed value does to the position, as Traccar's handler: the special names set the position's
 * own fields; any other name is a position attribute of the attribute's type (number, boolean, or string
 * for anything else); a null result removes the attribute.
 */
import type { PositionFix } from '@frota/core';
import { ExpressionError, type Value } from './expressionLanguage';
import { setAttribute } from '../../db/attributeSet';

export const ATTRIBUTE_TYPES = ['string', 'number', 'boolean'] as const;

const NUMBER_FIELDS = ['latitude', 'longitude', 'altitude', 'speed', 'course', 'accuracy'] as const;

/** What a computed attribute may set: the fix's fields and its attributes. */
export type ResultTarget = PositionFix;

function asNumber(v: Value): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ExpressionError('The result is not a number');
  return v;
}

function asBoolean(v: Value): boolean {
  if (typeof v !== 'boolean') throw new ExpressionError('The result is not a boolean');
  return v;
}

const asString = (v: Value): string => (typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The result as the attribute's type (what /attributes/computed/test answers); null stays null. */
export function typedResult(type: string, v: Value): number | boolean | string | null {
  if (v === null) return null;
  if (type === 'number') return asNumber(v);
  if (type === 'boolean') return asBoolean(v);
  return asString(v);
}

export function applyResult(p: ResultTarget, attribute: string, type: string, v: Value): void {
  if (v === null) {
    delete p.attributes[attribute];
    return;
  }
  if (attribute === 'valid') p.valid = asBoolean(v);
  else if ((NUMBER_FIELDS as readonly string[]).includes(attribute))
    p[attribute as (typeof NUMBER_FIELDS)[number]] = asNumber(v);
  else if (attribute === 'address') p.address = asString(v);
  else setAttribute(p.attributes, attribute, typedResult(type, v));
}
