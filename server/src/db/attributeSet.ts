/**
 * Sets one key of a record's attributes so that the object stays a fast (shaped) object.
 *
 * V8 turns an object into a slow dictionary once more than a dozen or so keys have been added to it
 * through computed keys (`attributes[key] = value`): a Teltonika record's attributes (`io239`, `ignition`,
 * … some 25 keys) crossed that line at its 19th key, and every later stage then read them through a hash
 * table and the commit wrote their JSON text the slow way. A store written with the key in the source
 * (`attributes.io239 = value`) has no such limit, so each key gets a tiny setter of its own, made once and
 * cached. Keys that are not plain identifiers, and any key past the cache's size, use the computed store.
 */
type Setter = (target: Record<string, unknown>, value: unknown) => void;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Keys with a setter of their own: the IO ids and attribute names devices send are far fewer. */
export const MAX_NAMED_KEYS = 4096;

const setters = new Map<string, Setter>();

function setterFor(key: string): Setter | undefined {
  let setter = setters.get(key);
  if (setter) return setter;
  if (setters.size >= MAX_NAMED_KEYS || !IDENTIFIER.test(key) || key === '__proto__') return undefined;
  // the key is a checked identifier: the source is `target.<key> = value` and nothing else
  setter = new Function('target', 'value', `target.${key} = value;`) as Setter;
  setters.set(key, setter);
  return setter;
}

/** `attributes[key] = value`, keeping `attributes` a fast object. */
export function setAttribute(attributes: Record<string, unknown>, key: string, value: unknown): void {
  const setter = setterFor(key);
  if (setter) setter(attributes, value);
  else attributes[key] = value;
}
