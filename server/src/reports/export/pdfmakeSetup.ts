/**
 * pdfmake as every PDF of the server uses it (reports, refill labels): its bundled Roboto fonts, Noto Sans
 * Arabic for Arabic letters, and no file or URL read beyond them. Every line with Arabic in it is put in
 * reading order before it is drawn (pdfBidi.ts). Set up once, on the first PDF.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import pdfmake from 'pdfmake';
import { ARABIC_FONT, reorderLine, type LineInline } from './pdfBidi';

const require = createRequire(import.meta.url);
const fontsDir = dirname(require.resolve('pdfmake/fonts/Roboto.js'));
const arabicDir = dirname(require.resolve('@fontsource/noto-sans-arabic/package.json'));
let ready = false;

interface RendererClass {
  prototype: { renderLine(line: { inlines: LineInline[] }, x: number, y: number): void };
}

/** pdfmake's renderer, taught to draw a line's words in reading order (once per line: copies share inlines). */
function drawLinesInReadingOrder(): void {
  const Renderer = (require('pdfmake/js/Renderer') as { default: RendererClass }).default;
  const draw = Renderer.prototype.renderLine;
  const ordered = new WeakSet<LineInline[]>();
  Renderer.prototype.renderLine = function (line, x, y) {
    if (!ordered.has(line.inlines)) {
      ordered.add(line.inlines);
      reorderLine(line.inlines);
    }
    draw.call(this, line, x, y);
  };
}

export function pdfmakeReady(): typeof pdfmake {
  if (!ready) {
    pdfmake.setFonts({
      Roboto: {
        normal: `${fontsDir}/Roboto/Roboto-Regular.ttf`,
        bold: `${fontsDir}/Roboto/Roboto-Medium.ttf`,
        italics: `${fontsDir}/Roboto/Roboto-Italic.ttf`,
        bolditalics: `${fontsDir}/Roboto/Roboto-MediumItalic.ttf`,
      },
      [ARABIC_FONT]: {
        normal: `${arabicDir}/files/noto-sans-arabic-arabic-400-normal.woff`,
        bold: `${arabicDir}/files/noto-sans-arabic-arabic-700-normal.woff`,
        italics: `${arabicDir}/files/noto-sans-arabic-arabic-400-normal.woff`,
        bolditalics: `${arabicDir}/files/noto-sans-arabic-arabic-700-normal.woff`,
      },
    });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => path.startsWith(fontsDir) || path.startsWith(arabicDir));
    drawLinesInReadingOrder();
    ready = true;
  }
  return pdfmake;
}
