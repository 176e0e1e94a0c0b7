/**
 * A document's uploaded file (document 3 §3, §5): `{ name, size, type, content }` with the content as a data
 * URL (or bare base64). The type comes from the bytes (file-type), never from the name or the declared
 * type: only pdf, jpg and png, at most 5,242,880 bytes.
 */
import { fileTypeFromBuffer } from 'file-type';
import { FILE_TYPES, MANAGEMENT_MESSAGES as M, MAX_FILE_BYTES, type FileType } from '@frota/core';
import { badRequest } from '../../errors';

export interface UploadedFile {
  name: string;
  type: FileType;
  bytes: Buffer;
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

export async function readUpload(file: unknown): Promise<UploadedFile> {
  if (!file || typeof file !== 'object') throw badRequest(M.fileRequired);
  const { name, content } = file as { name?: unknown; content?: unknown };
  if (typeof content !== 'string' || !content) throw badRequest(M.fileRequired);
  const comma = content.startsWith('data:') ? content.indexOf(',') : -1;
  const payload = (comma >= 0 ? content.slice(comma + 1) : content).replace(/\s+/g, '');
  // decoded size from the text length, before decoding anything large
  if (Math.floor((payload.length * 3) / 4) - 2 > MAX_FILE_BYTES) throw badRequest(M.fileTooLarge);
  if (!BASE64.test(payload)) throw badRequest(M.fileType);
  const bytes = Buffer.from(payload, 'base64');
  if (!bytes.length) throw badRequest(M.fileRequired);
  if (bytes.length > MAX_FILE_BYTES) throw badRequest(M.fileTooLarge);
  const detected = await fileTypeFromBuffer(bytes);
  const ext = detected?.ext as string | undefined;
  if (!ext || !(FILE_TYPES as readonly string[]).includes(ext)) throw badRequest(M.fileType);
  return {
    name: cleanName(typeof name === 'string' ? name : '', ext as FileType),
    type: ext as FileType,
    bytes,
  };
}

/** A file name safe in a header and a file system: letters, digits, dot, dash, underscore. */
export function cleanName(name: string, ext: FileType): string {
  const base = name
    .replace(/\.[^.]*$/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 120);
  return `${base || 'documento'}.${ext}`;
}
