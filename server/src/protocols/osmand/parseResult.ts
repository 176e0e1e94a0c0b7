import type { DecodedPosition } from '../types';

export type OsmandParseResult = { ok: true; positions: DecodedPosition[] } | { ok: false; reason: string };

export const failure = (reason: string): OsmandParseResult => ({ ok: false, reason });
