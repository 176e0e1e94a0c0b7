/**
 * The upload body's files: `multipart/form-data` (a browser's FormData, `curl -F file=@x.ddd`; every part
 * with a file name), read with @fastify/multipart, or a raw `application/octet-stream` body (`curl
 * --data-binary @x.ddd`, named by ?filename=). A request is refused with a 400 past 64 MB or 100 files; a file
 * past 5 MB is refused alone, with its name, and the others go on.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../../errors';
import { MAX_TACHO_FILE_BYTES } from './fileStore';

export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 100;
export const UPLOAD_TOO_LARGE = 'O envio excede 64 MB: envie os ficheiros em várias vezes';
export const TOO_MANY_FILES = `Envie no máximo ${MAX_UPLOAD_FILES} ficheiros de cada vez`;
export const NO_FILE = 'Nenhum ficheiro enviado';
export const INVALID_BODY = 'Envio inválido';

export interface FilePart {
  /** the file name the client sent, as it sent it */
  fileName: string;
  bytes: Buffer;
  /** past the 5 MB limit: the bytes are cut and the file is refused */
  tooLarge?: boolean;
}

/** Multipart and octet-stream bodies, in the plugin that holds the upload route only. */
export async function addUploadParsers(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    // one byte over the limit tells a file at the limit from a larger one
    limits: {
      fileSize: MAX_TACHO_FILE_BYTES + 1,
      files: MAX_UPLOAD_FILES,
      fields: 20,
      parts: MAX_UPLOAD_FILES + 20,
    },
    throwFileSizeLimit: false,
  });
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAX_TACHO_FILE_BYTES },
    (_req, body, done) => done(null, body),
  );
}

/** The files of an upload request. */
export async function uploadedFiles(req: FastifyRequest, filename: string | undefined): Promise<FilePart[]> {
  if (!req.isMultipart()) {
    // an empty body is a file too: its reader says it is empty
    return [{ fileName: filename ?? '', bytes: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0) }];
  }
  const files: FilePart[] = [];
  let total = 0;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file' || !part.filename) {
        if (part.type === 'file') part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      total += bytes.length;
      if (total > MAX_UPLOAD_BYTES) throw badRequest(UPLOAD_TOO_LARGE);
      files.push({ fileName: part.filename, bytes, tooLarge: part.file.truncated });
    }
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest(TOO_MANY_FILES);
    // our own refusals pass; anything the reader says (a body cut short, a bad boundary) is the client's
    if (statusCode === 400 && !code) throw error;
    throw badRequest(`${INVALID_BODY}: ${(error as Error).message}`);
  }
  if (!files.length) throw badRequest(NO_FILE);
  return files;
}
