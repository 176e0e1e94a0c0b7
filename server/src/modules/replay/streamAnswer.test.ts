import { describe, expect, it } from 'vitest';
import { streamEncoding } from './streamAnswer';

describe('the streamed answer’s encoding', () => {
  it('is brotli, else gzip, else none, as the client accepts', () => {
    expect(streamEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(streamEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(streamEncoding('deflate')).toBe('identity');
    expect(streamEncoding('*')).toBe('br');
    expect(streamEncoding('*;q=0, gzip')).toBe('gzip');
    expect(streamEncoding(undefined)).toBe('identity');
  });
});
