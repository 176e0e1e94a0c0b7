/**
 * RAG: red/amber/green ranking on the eco score (ecoScore.ts) of the drivers over the vehicles asked, and
 * of each vehicle for its distance driven without an identified driver. One table sorted by score.
 */
import { counted, col, km, pie, round, table, type Cell, type ReportResult } from '../../model';
import type { ReportContext } from '../../context';
import { driverNames, periodText } from '../../builders/common';
import type { ReportDef } from '../../reportDef';
import {
  ECO_RULES_TEXT,
  ecoScore,
  per100km,
  RAG_AMBER,
  RAG_GREEN,
  RAG_TITLES,
  ragClass,
  totalEvents,
  type RagClass,
} from './ecoScore';
import { addTally, newTally, type EcoTally } from './ecoCounter';
import { ecoByVehicle, ecoSettings, ecoSettingsText } from './ecoRun';

export const RAG_COLUMNS = [
  col('Posição', 'integer'),
  col('Nome'),
  col('Tipo'),
  col('Distância (km)', 'number'),
  col('Eventos', 'integer'),
  col('Eventos /100 km', 'number'),
  col('Pontuação', 'integer'),
  col('Classificação'),
];

interface Ranked {
  name: string;
  kind: 'Condutor' | 'Veículo';
  tally: EcoTally;
  score: number;
}

export async function ragReport(ctx: ReportContext): Promise<ReportResult[]> {
  const settings = ecoSettings(ctx);
  const runs = await ecoByVehicle(ctx, settings);
  const names = await driverNames(ctx);
  const drivers = new Map<string, EcoTally>();
  const items: Ranked[] = [];
  const rank = (name: string, kind: Ranked['kind'], tally: EcoTally) => {
    const score = ecoScore(tally.counts, tally.totals.distance);
    if (score !== null) items.push({ name, kind, tally, score });
  };
  for (const { vehicle, counter } of runs)
    for (const [key, t] of counter.byDriver) {
      if (!key) rank(vehicle.name, 'Veículo', t);
      else {
        if (!drivers.has(key)) drivers.set(key, newTally());
        addTally(drivers.get(key)!, t);
      }
    }
  for (const [key, t] of drivers) rank(names.get(key) ?? key, 'Condutor', t);
  if (!items.length) return [];
  items.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name, 'pt'));
  const classes: Record<RagClass, number> = { green: 0, amber: 0, red: 0 };
  const data = items.map((it, i): Cell[] => {
    const c = ragClass(it.score);
    classes[c]++;
    const events = totalEvents(it.tally.counts);
    return [
      i + 1,
      it.name,
      it.kind,
      km(it.tally.totals.distance),
      events,
      round(per100km(events, it.tally.totals.distance)!, 1),
      it.score,
      RAG_TITLES[c],
    ];
  });
  return [
    table({
      report: 'rag',
      title: 'RAG',
      subtitle: periodText(ctx),
      subtitle3:
        `Verde: ${RAG_GREEN} ou mais · Amarelo: ${RAG_AMBER} a ${RAG_GREEN - 1} · Vermelho: menos de ${RAG_AMBER}` +
        ` · ${ecoSettingsText(settings)} · ${ECO_RULES_TEXT}`,
      columns: RAG_COLUMNS,
      data,
      footer: [
        [
          'Total',
          counted(items.length, 'classificado', 'classificados'),
          '',
          '',
          '',
          '',
          '',
          `${classes.green} verdes, ${classes.amber} amarelos, ${classes.red} vermelhos`,
        ],
      ],
      pie: pie(
        (['green', 'amber', 'red'] as const).map((c) => ({ label: RAG_TITLES[c], value: classes[c] })),
      ),
    }),
  ];
}

export const RAG: ReportDef = {
  name: 'rag',
  permission: 'custom_reports.rag',
  title: 'RAG',
  drivers: false,
  options: ['text1', 'text2'],
  columns: RAG_COLUMNS,
  build: ragReport,
};
