/** A language table, and the merge of the shell's table with the areas' own tables. */
export type Table = { [key: string]: string | Table };

export type AreaModules = Record<string, { default: Table }>;

export function mergeTables(shell: Table, areas: AreaModules): Table {
  const merged: Table = { ...shell };
  for (const module of Object.values(areas)) Object.assign(merged, module.default);
  return merged;
}
