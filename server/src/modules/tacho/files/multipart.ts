/**
 * The file parts of a `multipart/form-data` body (RFC 7578), read from the whole buffered body: the server
 * has no multipart plugin, and tachograph uploads are small (5 MB a file, a bounded number of files).
 */
import { badRequest } from '../../../services/errors';

export interface FilePart {
  /** the form field name */
  field: string;
  /** the file name the client sent, as it sent it */
  fileName: string;
  bytes: Buffer;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data; boundary=…` content type, or undefined. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** A `Content-Disposition` parameter (`name`, `filename`, `filename*`), decoded. */
function dispositionParam(header: string, param: string): string | undefined {
  const extended = new RegExp(`;\\s*${param}\\*=([^']*)'[^']*'([^;]*)`, 'i').exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      /* fall back to the plain parameter */
    }
  }
  const plain = new RegExp(`;\\s*${param}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i').exec(header);
  if (!plain) return undefined;
  return plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2].trim();
}

/** Every part that carries a file name (fields without one are skipped); headers read as UTF-8, as browsers send them. */
export function fileParts(body: Buffer, boundary: string): FilePart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FilePart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw badRequest('Corpo multipart sem partes');
  while (at >= 0) {
    let start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break; // the closing delimiter
    if (body.subarray(start, start + 2).equals(CRLF)) start += 2;
    const headerEnd = body.indexOf(HEADER_END, start);
    if (headerEnd < 0) throw badRequest('Corpo multipart mal formado');
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), headerEnd + 4);
    if (next < 0) throw badRequest('Corpo multipart incompleto');
    const headers = body.subarray(start, headerEnd).toString('utf8').split('\r\n');
    const disposition = headers.find((h) => /^content-disposition:/i.test(h)) ?? '';
    const fileName = dispositionParam(disposition, 'filename');
    if (fileName !== undefined)
      parts.push({
        field: dispositionParam(disposition, 'name') ?? '',
        fileName,
        bytes: body.subarray(headerEnd + 4, next),
      });
    at = next + 2;
  }
  return parts;
}
