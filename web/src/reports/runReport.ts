/** Runs a report call (document 2 §7): JSON for the screen, PDF in a new tab, other formats downloaded. */
import { ApiError, request } from '../api/client';
import type { ReportBody } from './reportForm';

export const reportPath = (endpoint: string): string => `/report/report_${endpoint}.php`;

export async function fetchReportJson(
  endpoint: string,
  body: ReportBody,
  signal: AbortSignal,
): Promise<unknown> {
  const response = await request(reportPath(endpoint), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : [];
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

const EXTENSIONS: Record<string, string> = { pdf: 'pdf', excel: 'xlsx', csv: 'csv', xml: 'xml' };

/** A fallback name with a date-time stamp, used only when the server gives none. */
export function fallbackFileName(endpoint: string, format: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}_${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${endpoint}_${stamp}.${EXTENSIONS[format] ?? format}`;
}

export interface ReportFile {
  blob: Blob;
  fileName: string;
}

export async function fetchReportFile(
  endpoint: string,
  body: ReportBody,
  signal: AbortSignal,
): Promise<ReportFile> {
  const response = await request(reportPath(endpoint), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  const fileName =
    dispositionFileName(response.headers.get('Content-Disposition')) ??
    fallbackFileName(endpoint, body.format);
  return { blob: await response.blob(), fileName };
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

/** Shows a PDF in the tab opened when the user clicked (so no popup blocker stops it), else downloads it. */
export function showPdf(file: ReportFile, tab: Window | null): void {
  if (!tab || tab.closed) {
    downloadFile(file);
    return;
  }
  const url = URL.createObjectURL(new Blob([file.blob], { type: 'application/pdf' }));
  tab.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), 300_000);
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
