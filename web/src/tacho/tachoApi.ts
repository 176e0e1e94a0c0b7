/** The tachograph area's calls (document 3 §7) and their cache keys. */
import { ApiError, getJson, request, sendJson } from '../api/client';
import { queryKeys } from '../api/queries';
import { dispositionFileName, downloadFile } from '../api/files';
import type { Periodicity, TachoDriverRecord, TachoFile } from './tachoTypes';

const API = '/report/api.php';

export const tachoKeys = {
  drivers: queryKeys.tachoDrivers,
  files: ['tachoFiles'] as const,
};

/** Lists arrive as an array (or, tolerated, under `data`). */
const listOf = <T>(body: T[] | { data?: T[] } | null | undefined): T[] =>
  Array.isArray(body) ? body : (body?.data ?? []);

export const fetchTachoDrivers = async (): Promise<TachoDriverRecord[]> =>
  listOf(await getJson<TachoDriverRecord[] | { data?: TachoDriverRecord[] }>(`${API}/tacho_drivers`));

export const fetchTachoFiles = async (): Promise<TachoFile[]> =>
  listOf(await getJson<TachoFile[] | { data?: TachoFile[] }>(`${API}/tacho_files`));

/** `GET tacho_file/{id}`: one file with its original name. */
export const tachoFilePath = (id: number): string => `${API}/tacho_file/${id}`;

/** Document 3 §7: the name comes from Content-Disposition, `downloaded-file` when there is none. */
export const DEFAULT_DOWNLOAD_NAME = 'downloaded-file';

/** `POST tacho_files {fileIds}`: the chosen files as one zip, saved under the server's name. */
export async function downloadTachoFiles(fileIds: number[]): Promise<void> {
  const response = await request(`${API}/tacho_files`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fileIds }),
  });
  const fileName = dispositionFileName(response.headers.get('Content-Disposition')) ?? DEFAULT_DOWNLOAD_NAME;
  downloadFile({ blob: await response.blob(), fileName });
}

/** Sets how often the entity of a file is downloaded (the schedule column); Custom takes its days. */
export const saveTachoPeriodicity = (
  fileId: number,
  periodicity: Periodicity,
  customDays?: number,
): Promise<unknown> =>
  sendJson('PUT', `${API}/tacho_files/${fileId}/periodicity`, {
    periodicity,
    ...(periodicity === 'Custom' ? { custom_days: customDays } : {}),
  });

/** The answer to an upload: the stored rows and the files refused, with the server's message. */
export interface UploadAnswer {
  files?: TachoFile[];
  refused?: Array<{ filename: string; message: string }>;
}

/** The multipart field and path a browser upload uses. */
export const UPLOAD_PATH = `${API}/tacho_files/upload`;
export const UPLOAD_FIELD = 'file';

/**
 * Uploads one DDD file, reporting the fraction sent (XMLHttpRequest: fetch gives no upload progress).
 * A refusal rejects with the server's status and message.
 */
export function uploadTachoFile(file: File, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATH);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        const answer = (xhr.responseText ? JSON.parse(xhr.responseText) : {}) as UploadAnswer;
        const refused = answer.refused ?? [];
        if (refused.length && !answer.files?.length)
          reject(new ApiError(400, 'Bad Request', refused.map((r) => r.message).join('\n')));
        else resolve(answer);
      } else {
        reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', ''));
    const body = new FormData();
    body.append(UPLOAD_FIELD, file, file.name);
    xhr.send(body);
  });
}
