/** Nine original login backgrounds drawn with CSS gradients and inline SVG (nothing downloaded). */

const svg = (body: string, viewBox = '0 0 1600 900'): string =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='${viewBox}' preserveAspectRatio='xMidYMid slice'>${body}</svg>`,
  )}")`;

const cover = (layer: string): string => `${layer} center / cover no-repeat`;

const road = svg(
  `<path d='M700 900 L790 420 L810 420 L900 900 Z' fill='#263238'/>` +
    `<path d='M797 430 L803 430 L806 480 L794 480 Z M792 520 L808 520 L814 600 L786 600 Z M780 660 L820 660 L832 800 L768 800 Z' fill='#ffd54f'/>` +
    `<path d='M0 560 Q400 380 800 420 Q1200 380 1600 560 L1600 900 L0 900 Z' fill='#3e2723' opacity='0.55'/>`,
);

const route = svg(
  `<g stroke='#4fc3f7' stroke-width='6' fill='none' stroke-linecap='round' stroke-linejoin='round'>` +
    `<path d='M120 760 L380 620 L520 660 L760 420 L980 470 L1180 260 L1480 180'/></g>` +
    `<g fill='#ffffff'><circle cx='120' cy='760' r='14'/><circle cx='760' cy='420' r='10'/><circle cx='1480' cy='180' r='16'/></g>` +
    `<path d='M1480 120 c-26 0 -44 20 -44 44 c0 34 44 76 44 76 s44 -42 44 -76 c0 -24 -18 -44 -44 -44z' fill='#ff7043'/>`,
);

const hills = svg(
  `<circle cx='1150' cy='430' r='120' fill='#ffcc80' opacity='0.9'/>` +
    `<path d='M0 620 Q300 480 620 600 T1200 560 T1600 600 L1600 900 L0 900 Z' fill='#6d4c41'/>` +
    `<path d='M0 720 Q400 620 800 700 T1600 690 L1600 900 L0 900 Z' fill='#3e2723'/>` +
    `<g fill='#1b0f0a'><rect x='260' y='560' width='10' height='120'/><ellipse cx='265' cy='560' rx='90' ry='22'/></g>`,
);

const waves = svg(
  `<path d='M0 600 Q200 560 400 600 T800 600 T1200 600 T1600 600 L1600 900 L0 900 Z' fill='#006064' opacity='0.6'/>` +
    `<path d='M0 680 Q200 640 400 680 T800 680 T1200 680 T1600 680 L1600 900 L0 900 Z' fill='#004d40' opacity='0.8'/>` +
    `<g fill='#eceff1'><rect x='980' y='470' width='260' height='60' rx='6'/><rect x='1020' y='420' width='60' height='50'/>` +
    `<rect x='1090' y='440' width='60' height='30' fill='#ef6c00'/><rect x='1160' y='440' width='60' height='30' fill='#1565c0'/></g>`,
);

const contours = svg(
  [120, 190, 260, 330, 400, 470]
    .map(
      (r, i) =>
        `<ellipse cx='${500 + i * 40}' cy='${450 - i * 10}' rx='${r * 1.6}' ry='${r}' fill='none' stroke='#c5e1a5' stroke-width='3' opacity='${0.8 - i * 0.1}'/>`,
    )
    .join('') +
    `<path d='M0 820 C300 700 500 860 800 760 S1300 640 1600 720' fill='none' stroke='#fff59d' stroke-width='8' stroke-dasharray='24 16'/>`,
);

const dunes = svg(
  `<path d='M0 560 Q300 420 650 560 T1300 520 T1600 540 L1600 900 L0 900 Z' fill='#e0a96d'/>` +
    `<path d='M0 680 Q350 560 800 690 T1600 650 L1600 900 L0 900 Z' fill='#c98b4f'/>` +
    `<path d='M0 800 Q500 720 1000 810 T1600 780 L1600 900 L0 900 Z' fill='#a86b37'/>`,
);

const orbits = svg(
  `<g fill='none' stroke='#90caf9' opacity='0.6'><ellipse cx='800' cy='450' rx='600' ry='200' stroke-width='2'/>` +
    `<ellipse cx='800' cy='450' rx='420' ry='140' stroke-width='2' transform='rotate(-18 800 450)'/></g>` +
    `<circle cx='800' cy='450' r='90' fill='#1e88e5'/><circle cx='770' cy='420' r='90' fill='#42a5f5' opacity='0.5'/>` +
    `<g fill='#ffffff'><rect x='1370' y='380' width='26' height='14'/><rect x='1350' y='384' width='16' height='6'/><rect x='1400' y='384' width='16' height='6'/></g>`,
);

const stars = 'radial-gradient(circle at 20% 30%, #ffffff 1px, transparent 2px) 0 0 / 120px 120px';

export const BACKGROUNDS: string[] = [
  `${cover(road)}, linear-gradient(180deg, #ff8a65 0%, #ba68c8 55%, #4a148c 100%)`,
  `${cover(route)}, repeating-linear-gradient(0deg, rgba(255,255,255,0.06) 0 1px, transparent 1px 60px), repeating-linear-gradient(90deg, rgba(255,255,255,0.06) 0 1px, transparent 1px 60px), linear-gradient(135deg, #0d1b2a 0%, #1b3a5c 100%)`,
  `${cover(hills)}, linear-gradient(180deg, #ff7043 0%, #ffb74d 45%, #ffe0b2 70%)`,
  `radial-gradient(circle at 50% 120%, rgba(255,193,7,0.35), transparent 60%), radial-gradient(circle, #ffe082 1.5px, transparent 2.5px) 0 0 / 48px 36px, linear-gradient(180deg, #0b1026 0%, #1a237e 70%, #283593 100%)`,
  `${cover(waves)}, linear-gradient(180deg, #4dd0e1 0%, #00838f 70%)`,
  `${cover(contours)}, linear-gradient(135deg, #33691e 0%, #558b2f 50%, #7cb342 100%)`,
  `repeating-linear-gradient(115deg, rgba(255,82,82,0.55) 0 6px, transparent 6px 90px), repeating-linear-gradient(115deg, rgba(255,255,255,0.45) 40px 44px, transparent 44px 130px), linear-gradient(160deg, #212121 0%, #37474f 100%)`,
  `${cover(dunes)}, linear-gradient(180deg, #81d4fa 0%, #ffe0b2 60%)`,
  `${cover(orbits)}, ${stars}, radial-gradient(circle at 50% 50%, #0d47a1 0%, #000814 70%)`,
];

export const BACKGROUND_COUNT = BACKGROUNDS.length;

/** A background number from 1 to 9. */
export const randomBackground = (): number => 1 + Math.floor(Math.random() * BACKGROUND_COUNT);

export const nextBackground = (current: number): number => (current % BACKGROUND_COUNT) + 1;
