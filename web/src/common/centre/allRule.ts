/**
 * The multi-select filters of the alert central (document 2 §2.8): "all" is an option of its own.
 * Choosing all clears the others; choosing another removes all; an empty selection reverts to all.
 */
export const ALL = '*';

export function applyAllRule(previous: readonly string[], next: readonly string[]): string[] {
  const added = next.filter((value) => !previous.includes(value));
  if (added.includes(ALL)) return [ALL];
  const others = next.filter((value) => value !== ALL);
  return others.length > 0 ? others : [ALL];
}

/** Whether a selection filters nothing. */
export const isAll = (selection: readonly string[]): boolean =>
  selection.length === 0 || selection.includes(ALL);
