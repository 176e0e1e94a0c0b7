/**
 * Headers for serving a stored (uploaded) file: a Content-Disposition whose name cannot break the header or
 * carry a path, inline only for types a browser shows without running them (raster images, PDF; never
 * HTML or SVG), and nosniff so a browser never guesses a type of its own.
 */
import type { FastifyReply } from 'fastify';

const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf']);
const MEDIA_PREFIXES = ['video/', 'audio/'];

/** True when a file of this type may be shown inline in the browser. */
export function inlineAllowed(mime: string): boolean {
  const type = mime.split(';')[0].trim().toLowerCase();
  return INLINE_TYPES.has(type) || MEDIA_PREFIXES.some((p) => type.startsWith(p));
}

/** The last path part of a name, without control characters; `fallback` when nothing is left. */
export function safeFileName(name: string, fallback = 'ficheiro'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean && clean !== '.' && clean !== '..' ? clean.slice(0, 200) : fallback;
}

/** RFC 6266: an ASCII name without quotes or backslashes, plus the UTF-8 name when they differ. */
export function contentDisposition(mode: 'inline' | 'attachment', name: string): string {
  const file = safeFileName(name);
  const ascii = file.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  const plain = `${mode}; filename="${ascii}"`;
  return ascii === file ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(file)}`;
}

/** Sets Content-Type, Content-Disposition and nosniff; inline is kept only for types that allow it. */
export function fileHeaders(
  reply: FastifyReply,
  mime: string,
  name: string,
  wantInline: boolean,
): FastifyReply {
  const mode = wantInline && inlineAllowed(mime) ? 'inline' : 'attachment';
  return reply
    .header('content-type', mime)
    .header('content-disposition', contentDisposition(mode, name))
    .header('x-content-type-options', 'nosniff');
}
