/** Types of import-graph.mjs (plain JavaScript, run by node without a TypeScript loader). */
export interface Tree {
  root: string;
  layers: string[][];
  areasLayer?: number;
}
export const ROOMS: { server: Tree; web: Tree };
export function roomOf(tree: Tree, path: string): { room: string; layer: number; area: boolean };
export function circles(graph: Map<string, string[]>): string[][];
export interface TreeFigures {
  files: number;
  upward: number;
  upwardPairs: number;
  crossArea: number;
  circles: number;
  largestCircle: number;
  unplaced?: string[];
}
export interface GraphLine {
  graph: 'imports';
  server: TreeFigures;
  web: TreeFigures;
  crossArea: number;
  asNever: number;
  details?: Record<
    'server' | 'web',
    { upward: Record<string, string[]>; crossArea: Record<string, string[]>; circles: string[][] }
  >;
}
export function measure(
  repo: string,
  options?: { list?: boolean },
): GraphLine & { details: NonNullable<GraphLine['details']> };
