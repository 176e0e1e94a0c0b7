/**
 * Codes printed for stations and vehicles (document 3 §2, §7): a PNG (QR code, or Code-128) of a code for
 * the screens' code dialogs and downloads (500 px), and the labels PDF: one page per item with its name,
 * plate or code, the code as a Code-128 barcode and as a QR code, for the operator's phone to scan.
 */
import bwipjs from 'bwip-js/node';
import { pdfmakeReady } from '../../reports/export/pdfmakeSetup';
import { withArabicFont } from '../../reports/export/pdfBidi';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

export const DEFAULT_CODE_SIZE = 500;
export type CodeKind = 'qrcode' | 'code128';

/** A PNG of `text`: a QR code at the largest whole-module scale that fits `size` px, or a Code-128. */
export async function codePng(
  text: string,
  kind: CodeKind = 'qrcode',
  size = DEFAULT_CODE_SIZE,
): Promise<Buffer> {
  if (kind === 'code128') {
    const probe = await bwipjs.toBuffer({ bcid: 'code128', text, scale: 1, height: 12, includetext: true });
    const width = probe.readUInt32BE(16);
    return bwipjs.toBuffer({
      bcid: 'code128',
      text,
      scale: Math.max(1, Math.floor(size / width)),
      height: 12,
      includetext: true,
      textxalign: 'center',
      paddingwidth: 4,
      paddingheight: 4,
      backgroundcolor: 'FFFFFF',
    });
  }
  const options = {
    bcid: 'qrcode',
    text,
    eclevel: 'M',
    paddingwidth: 2,
    paddingheight: 2,
    backgroundcolor: 'FFFFFF',
  };
  const probe = await bwipjs.toBuffer({ ...options, scale: 1 });
  // PNG IHDR: the width is the big-endian integer at byte 16
  const width = probe.readUInt32BE(16);
  return bwipjs.toBuffer({ ...options, scale: Math.max(1, Math.floor(size / width)) });
}

export interface Label {
  /** the vehicle's or station's name */
  name: string;
  /** the plate (vehicles) or a second line (station code) */
  plate: string;
  /** the text the codes carry */
  code: string;
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** The labels PDF: A6 landscape, one page per label. */
export async function labelsPdf(labels: Label[], title: string): Promise<Buffer> {
  const pdfmake = pdfmakeReady();
  const content: Content[] = [];
  for (const [i, label] of labels.entries()) {
    const [bar, qr] = await Promise.all([
      codePng(label.code, 'code128', 600),
      codePng(label.code, 'qrcode', 300),
    ]);
    content.push({
      stack: [
        { text: label.name, style: 'name' },
        { text: label.plate, style: 'plate' },
        {
          columns: [
            { image: dataUrl(bar), fit: [230, 90], margin: [0, 14, 0, 0] },
            { image: dataUrl(qr), fit: [110, 110], alignment: 'right' },
          ],
          columnGap: 10,
        },
      ],
      ...(i > 0 ? { pageBreak: 'before' as const } : {}),
    });
  }
  const doc: TDocumentDefinitions = {
    pageSize: 'A6',
    pageOrientation: 'landscape',
    pageMargins: [18, 18, 18, 18],
    info: { title },
    content,
    styles: {
      name: { fontSize: 16, bold: true },
      plate: { fontSize: 13, margin: [0, 2, 0, 6] },
    },
    defaultStyle: { font: 'Roboto' },
  };
  return pdfmake.createPdf(withArabicFont(doc)).getBuffer();
}
