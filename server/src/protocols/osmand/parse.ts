import { parseOsmandJson } from './parseJson';
import { parseOsmandParams } from './parseParams';
import type { OsmandParseResult } from './parseResult';

export type { OsmandParseResult } from './parseResult';

export interface OsmandRequest {
  query: URLSearchParams;
  contentType?: string;
  body: Buffer;
}

function looksLikeJson(contentType: string | undefined, text: string): boolean {
  if (contentType?.toLowerCase().includes('json')) return true;
  return text.startsWith('{') || text.startsWith('[');
}

/**
 * An OsmAnd request to positions: fields in the query string, a form body (merged with the query), or
 * a background-geolocation JSON body. Pure: the HTTP server does the I/O.
 */
export function parseOsmandRequest(request: OsmandRequest, now = new Date()): OsmandParseResult {
  const text = request.body.toString('utf8').trim();
  if (text && looksLikeJson(request.contentType, text)) {
    const fallbackId = request.query.get('id') || request.query.get('deviceid') || undefined;
    return parseOsmandJson(text, fallbackId, now);
  }
  const params = new URLSearchParams(request.query);
  if (text) for (const [key, value] of new URLSearchParams(text)) params.append(key, value);
  return parseOsmandParams(params, now);
}
