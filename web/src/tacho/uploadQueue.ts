import { ApiError } from '../api/client';

/** One file of a browser upload: its progress, then the server's answer. */
export interface UploadItem {
  key: number;
  name: string;
  size: number;
  state: 'waiting' | 'sending' | 'done' | 'refused';
  /** 0–1 while sending */
  progress: number;
  /** the server's refusal, as it wrote it */
  message?: string;
}

/**
 * The text of a refusal: the server's message (text/plain, `name: message` lines, the name dropped since the
 * list shows it), else its status.
 */
export function refusalText(error: unknown, fileName: string): string {
  if (error instanceof ApiError) {
    const prefix = `${fileName}: `;
    const body = error.body
      .split('\n')
      .map((line) => (line.startsWith(prefix) ? line.slice(prefix.length) : line).trim())
      .filter(Boolean)
      .join('\n');
    if (body) return body;
    return error.status ? `Error ${error.status}: ${error.statusText}`.trim() : error.statusText;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Files sent at the same time: enough to overlap the round trips, few enough to show steady progress. */
export const UPLOAD_CONCURRENCY = 2;

/**
 * Sends every file through `send`, at most `concurrency` at once, reporting each item's changes; resolves
 * when all have an answer (a refusal does not stop the others).
 */
export async function runUploads(
  files: readonly File[],
  firstKey: number,
  send: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>,
  update: (key: number, change: Partial<UploadItem>) => void,
  concurrency = UPLOAD_CONCURRENCY,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      const key = firstKey + index;
      update(key, { state: 'sending', progress: 0 });
      try {
        await send(files[index], (progress) => update(key, { progress }));
        update(key, { state: 'done', progress: 1 });
      } catch (error) {
        update(key, { state: 'refused', message: refusalText(error, files[index].name) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
}
