/**
 * The eco score rules (eco_driving and rag): each kind of event counted per 100 km driven, each rate
 * weighted by a penalty, the score 100 minus the penalties, clamped to 0..100 and rounded. Fewer than
 * 1 km driven is too little to score (null). The RAG classes cut the score at 80 and 60.
 */
export const ECO_KINDS = [
  'acceleration',
  'braking',
  'cornering',
  'overRevving',
  'idling',
  'speeding',
] as const;
export type EcoKind = (typeof ECO_KINDS)[number];
export type EcoCounts = Record<EcoKind, number>;

/** Column titles (and the names the report shows) of each kind. */
export const ECO_KIND_TITLES: Record<EcoKind, string> = {
  acceleration: 'Acelerações bruscas',
  braking: 'Travagens bruscas',
  cornering: 'Curvas bruscas',
  overRevving: 'Excesso de rotação',
  idling: 'Ralenti excessivo',
  speeding: 'Excessos de velocidade',
};

/** Points lost per event per 100 km. */
export const ECO_PENALTY: Record<EcoKind, number> = {
  acceleration: 4,
  braking: 4,
  cornering: 4,
  overRevving: 2,
  idling: 2,
  speeding: 5,
};

export const MIN_SCORED_METRES = 1000;
export const RAG_GREEN = 80;
export const RAG_AMBER = 60;

export type RagClass = 'green' | 'amber' | 'red';
export const RAG_TITLES: Record<RagClass, string> = { green: 'Verde', amber: 'Amarelo', red: 'Vermelho' };

export const emptyCounts = (): EcoCounts => ({
  acceleration: 0,
  braking: 0,
  cornering: 0,
  overRevving: 0,
  idling: 0,
  speeding: 0,
});

/** Events per 100 km (null below the scored distance). */
export function per100km(count: number, metres: number): number | null {
  return metres < MIN_SCORED_METRES ? null : (count * 100_000) / metres;
}

export const totalEvents = (c: EcoCounts): number => ECO_KINDS.reduce((s, k) => s + c[k], 0);

/** The eco score 0..100, or null when the distance is too short to score. */
export function ecoScore(counts: EcoCounts, metres: number): number | null {
  if (metres < MIN_SCORED_METRES) return null;
  const penalty = ECO_KINDS.reduce((s, k) => s + ECO_PENALTY[k] * per100km(counts[k], metres)!, 0);
  return Math.min(100, Math.max(0, Math.round(100 - penalty)));
}

export function ragClass(score: number): RagClass {
  return score >= RAG_GREEN ? 'green' : score >= RAG_AMBER ? 'amber' : 'red';
}

/** The rules in words (subtitle3 of both reports). */
export const ECO_RULES_TEXT =
  'Pontuação: 100 - (' +
  ECO_KINDS.map((k) => `${ECO_PENALTY[k]} × ${ECO_KIND_TITLES[k].toLowerCase()}`).join(' + ') +
  ') por 100 km';
