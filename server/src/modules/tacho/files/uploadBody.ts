/**
 * The upload body's files: `multipart/form-data` (a browser's FormData, `curl -F file=@x.ddd`; every part with
 * a file name) or a raw `application/octet-stream` body (`curl --data-binary @x.ddd`, named by ?filename=).
 * Bodies are read up to a limit and refused with a 400 past it, before anything is parsed.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../../services/errors';
import { MAX_TACHO_FILE_BYTES, TOO_LARGE } from './fileStore';
import { fileParts, multipartBoundary, type FilePart } from './multipart';

export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 100;
export const UPLOAD_TOO_LARGE = 'O envio excede 64 MB: envie os ficheiros em várias vezes';
export const TOO_MANY_FILES = `Envie no máximo ${MAX_UPLOAD_FILES} ficheiros de cada vez`;
export const NO_FILE = 'Nenhum ficheiro enviado';

/** Buffers multipart and octet-stream bodies in this plugin's routes only. */
export function addUploadParsers(app: FastifyInstance): void {
  app.addContentTypeParser(['multipart/form-data', 'application/octet-stream'], (req, payload, done) => {
    const octet = /^application\/octet-stream/i.test(req.headers['content-type'] ?? '');
    const limit = octet ? MAX_TACHO_FILE_BYTES : MAX_UPLOAD_BYTES;
    const declared = Number(req.headers['content-length']);
    if (declared > limit) {
      payload.resume();
      return done(badRequest(octet ? TOO_LARGE : UPLOAD_TOO_LARGE), undefined);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        done(badRequest(octet ? TOO_LARGE : UPLOAD_TOO_LARGE), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!failed) done(null, Buffer.concat(chunks));
    });
    payload.on('error', (err) => {
      if (!failed) {
        failed = true;
        done(err, undefined);
      }
    });
  });
}

/** The files of an upload request's buffered body. */
export function uploadedFiles(
  contentType: string | undefined,
  body: unknown,
  filename: string | undefined,
): FilePart[] {
  if (!Buffer.isBuffer(body)) throw badRequest(NO_FILE);
  const boundary = multipartBoundary(contentType);
  const files = boundary
    ? fileParts(body, boundary)
    : [{ field: 'file', fileName: filename ?? '', bytes: body }];
  if (!files.length) throw badRequest(NO_FILE);
  if (files.length > MAX_UPLOAD_FILES) throw badRequest(TOO_MANY_FILES);
  return files;
}
