/** Charts drawn with pdfmake's canvas: km bars per day (chart_km) and a pie with its legend (activity). */
import type { Column, Content } from 'pdfmake/interfaces';
import type { ChartData, CostChartData, PieSlice } from '../model';
import type { FileWords } from './fileWords';

const WIDTH = 760;
const HEIGHT = 150;
const COLORS = ['#2e7d32', '#f9a825', '#c62828', '#1565c0', '#6a1b9a', '#00838f'];

export function barChart(chart: ChartData, words: FileWords): Content {
  const n = Math.max(1, chart.data.length);
  const slot = WIDTH / n;
  const max = Math.max(1, ...chart.data.map((d) => d.km));
  const avgY = HEIGHT - (chart.average_km / max) * HEIGHT;
  const bars = chart.data.map((d, i) => {
    const h = (d.km / max) * HEIGHT;
    return {
      type: 'rect' as const,
      x: i * slot + slot * 0.15,
      y: HEIGHT - h,
      w: slot * 0.7,
      h,
      color: '#1565c0',
    };
  });
  return {
    stack: [
      {
        text: [
          chart.license_plate && chart.license_plate !== chart.name
            ? `${chart.name} (${chart.license_plate})`
            : chart.name,
          words.text(`Total: ${chart.total_km} km`),
          words.text(`Média diária: ${chart.average_km} km`),
        ].join(' · '),
        alignment: words.rtl ? 'right' : 'left',
        bold: true,
        fontSize: 9,
        margin: [0, 4, 0, 4],
      },
      {
        canvas: [
          ...bars,
          { type: 'line', x1: 0, y1: HEIGHT, x2: WIDTH, y2: HEIGHT, lineWidth: 0.5, lineColor: '#555555' },
          {
            type: 'line',
            x1: 0,
            y1: avgY,
            x2: WIDTH,
            y2: avgY,
            lineWidth: 0.8,
            lineColor: '#c62828',
            dash: { length: 3 },
          },
        ],
      },
      {
        columns: chart.data.map((d) => ({
          width: slot,
          text: d.date.slice(8, 10),
          fontSize: 5,
          alignment: 'center' as const,
        })),
        columnGap: 0,
        margin: [0, 1, 0, 0],
      },
      {
        columns: chart.data.map((d) => ({
          width: slot,
          text: d.km ? String(d.km) : '',
          fontSize: 4,
          alignment: 'center' as const,
        })),
        columnGap: 0,
        margin: [0, 0, 0, 8],
      },
    ],
    unbreakable: true,
  };
}

function slicePoints(cx: number, cy: number, r: number, a0: number, a1: number) {
  const points = [{ x: cx, y: cy }];
  const steps = Math.max(2, Math.ceil(((a1 - a0) * 180) / Math.PI / 3));
  for (let i = 0; i <= steps; i++) {
    const a = a0 + ((a1 - a0) * i) / steps;
    points.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) });
  }
  return points;
}

export function pieChart(slices: PieSlice[], words: FileWords): Content {
  const r = 60;
  let angle = -Math.PI / 2;
  // colours by the slice's place in the legend, empty slices included
  const shapes = slices
    .map((s, i) => ({ s, color: COLORS[i % COLORS.length] }))
    .filter(({ s }) => s.percent > 0)
    .map(({ s, color }) => {
      const a1 = angle + (s.percent / 100) * 2 * Math.PI;
      const shape = {
        type: 'polyline' as const,
        points: slicePoints(r, r, r, angle, a1),
        closePath: true,
        color,
        lineColor: '#ffffff',
        lineWidth: 0.5,
      };
      angle = a1;
      return shape;
    });
  const pie: Column = { width: 2 * r + 10, canvas: shapes };
  const swatch = (i: number) => ({
    canvas: [{ type: 'rect' as const, x: 0, y: 2, w: 8, h: 8, color: COLORS[i % COLORS.length] }],
  });
  const percent = (s: PieSlice) => ({ text: `${words.number(s.percent, 1)} %`, fontSize: 9 });
  // an Arabic reader finds the pie on the right and each slice's swatch before its name, from the right
  const legend: Column = {
    width: '*',
    margin: words.rtl ? [0, 20, 10, 0] : [10, 20, 0, 0],
    table: {
      widths: words.rtl ? ['*', 'auto', 'auto', 'auto'] : ['auto', 'auto', 'auto'],
      body: slices.map((s, i) =>
        words.rtl
          ? [{ text: '' }, percent(s), { text: s.label, fontSize: 9, alignment: 'right' as const }, swatch(i)]
          : [swatch(i), { text: s.label, fontSize: 9 }, { ...percent(s), alignment: 'right' as const }],
      ),
    },
    layout: 'noBorders',
  };
  return {
    columns: words.rtl ? [legend, pie] : [pie, legend],
    margin: [0, 4, 0, 8],
    unbreakable: true,
  };
}

const COST_COLORS = ['#1565c0', '#ef6c00', '#2e7d32', '#6a1b9a', '#c62828', '#00838f', '#757575'];

/** Monthly costs as bars stacked by cost type (management analysis), with the month and its total below. */
export function costChart(chart: CostChartData, words: FileWords): Content {
  const n = Math.max(1, chart.data.length);
  const slot = WIDTH / n;
  const max = Math.max(1, ...chart.data.map((d) => d.total));
  const bars = chart.data.flatMap((d, i) => {
    let top = HEIGHT;
    return chart.series.map((serie, k) => {
      const h = ((d.costs[serie.key] ?? 0) / max) * HEIGHT;
      top -= h;
      return {
        type: 'rect' as const,
        x: i * slot + slot * 0.15,
        y: top,
        w: slot * 0.7,
        h,
        color: COST_COLORS[k % COST_COLORS.length],
      };
    });
  });
  const row = (text: (d: CostChartData['data'][number]) => string, fontSize: number) => ({
    columns: chart.data.map((d) => ({ width: slot, text: text(d), fontSize, alignment: 'center' as const })),
    columnGap: 0,
  });
  return {
    stack: [
      {
        canvas: [
          ...bars,
          { type: 'line', x1: 0, y1: HEIGHT, x2: WIDTH, y2: HEIGHT, lineWidth: 0.5, lineColor: '#555555' },
        ],
        margin: [0, 4, 0, 1],
      },
      row((d) => `${d.month.slice(5, 7)}/${d.month.slice(0, 4)}`, 6),
      row((d) => (d.total ? words.number(d.total, 2) : ''), 5),
      {
        columns: chart.series.map((serie, k) => ({
          width: 'auto',
          columns: [
            {
              width: 10,
              canvas: [{ type: 'rect', x: 0, y: 1, w: 7, h: 7, color: COST_COLORS[k % COST_COLORS.length] }],
            },
            { width: 'auto', text: serie.label, fontSize: 7 },
          ],
          columnGap: 2,
        })),
        columnGap: 10,
        margin: [0, 4, 0, 8],
      },
    ],
    unbreakable: true,
  };
}
