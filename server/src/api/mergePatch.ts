/**
 * JSON Merge Patch (RFC 7396) over an entity's JSON: a partial edit names only what it changes, so a field
 * changed by someone else since the editing screen loaded is kept, not reverted (issue 33, defect 9).
 * Objects merge key by key (a null removes the key), anything else replaces.
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Json = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}
