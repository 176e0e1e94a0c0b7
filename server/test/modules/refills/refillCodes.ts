/** Test helpers of the refill area: reading back a code PNG (zxing) and a labels PDF (pdf-lib). */
import { PNG } from 'pngjs';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PDFDocument } from 'pdf-lib';

/** The text of the code in a PNG, read by a barcode reader library. */
export function decodePng(buffer: Buffer): { text: string; format: string; width: number } {
  const png = PNG.sync.read(buffer);
  const luminance = new Uint8ClampedArray(png.width * png.height);
  for (let i = 0; i < luminance.length; i++) {
    const o = i * 4;
    const alpha = png.data[o + 3] / 255;
    const mix = (png.data[o] + png.data[o + 1] + png.data[o + 2]) / 3;
    luminance[i] = Math.round(mix * alpha + 255 * (1 - alpha));
  }
  const reader = new MultiFormatReader();
  const hints = new Map();
  hints.set(DecodeHintType.TRY_HARDER, true);
  hints.set(DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE, BarcodeFormat.CODE_128]);
  reader.setHints(hints);
  const result = reader.decode(
    new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, png.width, png.height))),
  );
  return { text: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()], width: png.width };
}

export async function pdfPages(buffer: ArrayBuffer | Buffer): Promise<number> {
  return (await PDFDocument.load(buffer)).getPageCount();
}

/** A binary answer (fetch with the client's cookie). */
export async function binary(
  base: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; type: string; data: Buffer }> {
  const res = await fetch(base + path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    data: Buffer.from(await res.arrayBuffer()),
  };
}
