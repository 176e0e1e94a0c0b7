/** Runs a report call (document 2 §7): JSON for the screen, PDF in a new tab, other formats downloaded. */
import { request } from '../api/client';
import { dispositionFileName, downloadFile, type ReportFile } from '../api/files';

export { dispositionFileName, downloadFile, failureText, isAbort, type ReportFile } from '../api/files';
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

const EXTENSIONS: Record<string, string> = { pdf: 'pdf', excel: 'xlsx', csv: 'csv', xml: 'xml' };

/** A fallback name with a date-time stamp, used only when the server gives none. */
export function fallbackFileName(endpoint: string, format: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}_${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${endpoint}_${stamp}.${EXTENSIONS[format] ?? format}`;
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
