/** Files and failures of HTTP calls: a download's name and save, an aborted call, a failed call's text. */
import { ApiError } from './client';

export interface ReportFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a `Content-Disposition` header (RFC 6266 `filename*` first). */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  return plain ? (plain[2] ?? plain[1]).trim() : null;
}

/** Saves a file through a temporary link. */
export function downloadFile({ blob, fileName }: ReportFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const isAbort = (error: unknown): boolean =>
  error instanceof DOMException ? error.name === 'AbortError' : (error as Error)?.name === 'AbortError';

/** The text of a failed call: the server's message for a refused report (400), else the status. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body.trim();
    if (body && !body.startsWith('<') && body.length < 500) return body;
    return `Error ${error.status}: ${error.statusText}`;
  }
  return error instanceof Error ? error.message : String(error);
}
