/**
 * What the simulated cameras see, drawn by ffmpeg's geq filter: the road camera a road with moving lane
 * marks, the driver camera a cabin with the driver. The committed photos (assets/) are stills of these.
 */

interface Layer {
  /** where the layer covers the picture (geq expression of X, Y, W, H, T; nonzero = inside) */
  where: string;
  rgb: [string, string, string];
}

/** One geq filter: the top layer that covers a pixel colours it. */
function geq(background: [string, string, string], layers: Layer[]): string {
  const channel = (c: 0 | 1 | 2) =>
    layers.reduce((below, layer) => `if(${layer.where},${layer.rgb[c]},${below})`, background[c]);
  return `geq=r='${channel(0)}':g='${channel(1)}':b='${channel(2)}'`;
}

const HORIZON = '0.42*H';
/** 0 at the horizon, 1 at the bottom edge */
const DEPTH = `((Y-${HORIZON})/(H-${HORIZON}))`;
const HALF_ROAD = `(0.015*W+${DEPTH}*0.5*W)`;
const FROM_CENTRE = 'abs(X-W/2)';
const ROAD = `gt(Y,${HORIZON})*lt(${FROM_CENTRE},${HALF_ROAD})`;

/** Road ahead: sky, grass, the road with edge lines and lane marks that run towards the camera. */
export const ROAD_SCENE = geq(
  [`90+Y/H*200`, `150+Y/H*150`, '235'],
  [
    { where: `gt(Y,${HORIZON})`, rgb: [`60+${DEPTH}*30`, `120+${DEPTH}*30`, `50+${DEPTH}*30`] },
    { where: ROAD, rgb: [`95+10*${DEPTH}`, `95+10*${DEPTH}`, `100+10*${DEPTH}`] },
    {
      where: `${ROAD}*gt(${FROM_CENTRE},${HALF_ROAD}-(0.002*W+${DEPTH}*0.012*W))`,
      rgb: ['235', '235', '235'],
    },
    {
      where: `${ROAD}*lt(${FROM_CENTRE},0.002*W+${DEPTH}*0.008*W)*lt(mod(4/(${DEPTH}+0.02)+T*6,2),1)`,
      rgb: ['235', '235', '235'],
    },
  ],
);

const HEAD_X = '(0.56*W+0.01*W*sin(T*PI))';
const inEllipse = (cx: string, cy: string, rx: string, ry: string) =>
  `lt(pow((X-${cx})/(${rx}),2)+pow((Y-${cy})/(${ry}),2),1)`;

/** Driver's cabin: dark interior, side window, seat, driver and steering wheel. */
export const CABIN_SCENE = geq(
  ['38+Y/H*20', '38+Y/H*20', '44+Y/H*20'],
  [
    {
      where: 'lt(X,0.3*W)*gt(Y,0.1*H)*lt(Y,0.55*H)',
      rgb: ['150+20*sin(T*PI)', '170+20*sin(T*PI)', '190+20*sin(T*PI)'],
    },
    { where: `lt(abs(X-0.56*W),0.17*W)*gt(Y,0.28*H)`, rgb: ['30', '30', '34'] },
    { where: inEllipse('0.56*W', '0.98*H', '0.24*W', '0.42*H'), rgb: ['45', '80', '140'] },
    { where: inEllipse(HEAD_X, '0.4*H', '0.075*W', '0.15*H'), rgb: ['196', '150', '120'] },
    { where: inEllipse(HEAD_X, '0.29*H', '0.078*W', '0.07*H'), rgb: ['40', '28', '20'] },
    {
      where: `lt(abs(hypot(X-0.56*W,(Y-1.12*H)*1.6)-0.3*W),0.018*W)`,
      rgb: ['18', '18', '18'],
    },
  ],
);
