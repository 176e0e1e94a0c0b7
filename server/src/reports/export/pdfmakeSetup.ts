/**
 * pdfmake as every PDF of the server uses it (reports, refill labels): its bundled Roboto fonts, and no
 * file or URL read beyond them. Set up once, on the first PDF.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import pdfmake from 'pdfmake';

const require = createRequire(import.meta.url);
const fontsDir = dirname(require.resolve('pdfmake/fonts/Roboto.js'));
let ready = false;

export function pdfmakeReady(): typeof pdfmake {
  if (!ready) {
    pdfmake.setFonts({
      Roboto: {
        normal: `${fontsDir}/Roboto/Roboto-Regular.ttf`,
        bold: `${fontsDir}/Roboto/Roboto-Medium.ttf`,
        italics: `${fontsDir}/Roboto/Roboto-Italic.ttf`,
        bolditalics: `${fontsDir}/Roboto/Roboto-MediumItalic.ttf`,
      },
    });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => path.startsWith(fontsDir));
    ready = true;
  }
  return pdfmake;
}
