/**
 * Issue 38's goals as bounds on the figures of `bench:summary`'s line, and the verdict of one line against
 * them: which goals the run met, which it missed (with the figure), and which it could not judge (a bench
 * that gave no figure, or PostgreSQL not asked for).
 */

/** A figure named by its path in the summary line ("webMap.flushMs") and its bound. */
export interface Goal {
  figure: string;
  atLeast?: number;
  atMost?: number;
}

export const GOALS: readonly Goal[] = [
  { figure: 'ingestSqlite.recordsPerSecond', atLeast: 45_000 },
  { figure: 'ingestSqlite.serverCpuUsPerRecord', atMost: 20 },
  { figure: 'ingestPostgres.recordsPerSecond', atLeast: 30_000 },
  { figure: 'webMap.fpsVsEmptyMap', atLeast: 0.9 },
  { figure: 'webMap.flushMs', atMost: 30 },
  { figure: 'replayWeb.weekClickToRouteMs', atMost: 2_000 },
];

export interface GoalVerdict {
  met: number;
  of: number;
  /** "figure value > bound" or "figure value < bound", one a goal missed */
  missed: string[];
  /** figures the run did not give */
  unjudged: string[];
}

function figureOf(line: Record<string, unknown>, path: string): number | null {
  let value: unknown = line;
  for (const key of path.split('.'))
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function goalVerdict(line: Record<string, unknown>, goals: readonly Goal[] = GOALS): GoalVerdict {
  const verdict: GoalVerdict = { met: 0, of: goals.length, missed: [], unjudged: [] };
  for (const goal of goals) {
    const value = figureOf(line, goal.figure);
    if (value === null) verdict.unjudged.push(goal.figure);
    else if (goal.atLeast !== undefined && value < goal.atLeast)
      verdict.missed.push(`${goal.figure} ${value} < ${goal.atLeast}`);
    else if (goal.atMost !== undefined && value > goal.atMost)
      verdict.missed.push(`${goal.figure} ${value} > ${goal.atMost}`);
    else verdict.met++;
  }
  return verdict;
}
