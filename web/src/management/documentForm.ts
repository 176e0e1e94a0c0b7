/** The document form's draft, defaults (document 3 §4), rules (§5, core) and the body saved. */
import { MANAGEMENT_MESSAGES, MAX_FILE_BYTES, validateDocument } from '@frota/core';
import type { DocumentFile, ManagementDocument } from './managementApi';

export interface DocumentDraft {
  id?: number;
  designation: string;
  document_type: string;
  warning: boolean;
  expiry_date: string;
  /** The picked or captured file (new documents). */
  file: DocumentFile | null;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export const newDocument = (today: string): DocumentDraft => ({
  designation: '',
  document_type: '',
  warning: false,
  expiry_date: today,
  file: null,
});

export const documentDraft = (document: ManagementDocument, today: string): DocumentDraft => ({
  id: document.id,
  designation: text(document.designation),
  document_type: text(document.document_type),
  warning: !!Number(document.warning),
  expiry_date: text(document.expiry_date).slice(0, 10) || today,
  file: null,
});

/** Bytes of a data URL's content (base64 without padding counts 3 bytes per 4 characters). */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Files above 5 MB are refused before upload (document 3 §5). */
export const tooLarge = (bytes: number): boolean => bytes > MAX_FILE_BYTES;

export function documentProblem(draft: DocumentDraft): string | null {
  const checked = validateDocument({ ...draft, warning: draft.warning ? 1 : 0 });
  if (!checked.ok) return checked.message;
  if (!draft.id && !draft.file) return MANAGEMENT_MESSAGES.fileRequired;
  if (draft.file && tooLarge(draft.file.size ?? dataUrlBytes(draft.file.content)))
    return MANAGEMENT_MESSAGES.fileTooLarge;
  return null;
}

export const documentBody = (draft: DocumentDraft) => ({
  ...(draft.id ? { id: draft.id } : {}),
  designation: draft.designation.trim(),
  document_type: draft.document_type,
  warning: draft.warning ? 1 : 0,
  expiry_date: draft.warning ? draft.expiry_date : null,
  ...(draft.file ? { file: draft.file } : {}),
});
