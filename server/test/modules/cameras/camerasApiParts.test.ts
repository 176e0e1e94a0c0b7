/** The pure parts of the camera calls: the camreq text, the video duration rule and HTTP range parsing. */
import { describe, expect, it } from 'vitest';
import { camreqText, clampVideoDuration, epochSeconds } from '../../../src/modules/cameras/cameraRequest';
import { parseRange } from '../../../src/modules/cameras/byteRange';
import { safeName } from '../../../src/modules/cameras/mediaRoutes';

const endpoint = { host: 'cams.example.ao', port: 5028 };

describe('camreq text (protocols/dualcam.md)', () => {
  it('asks a photo now, with no duration', () => {
    expect(camreqText({ type: 'photo', camera: 3 }, endpoint, 1_764_000_000_999)).toBe(
      'camreq:1,3,1764000000,0,cams.example.ao,5028',
    );
  });
  it('asks a video from its start, whatever the photo timestamp would be', () => {
    expect(
      camreqText({ type: 'video', camera: 2, videoDateTime: 1_700_000_000, videoDuration: 6 }, endpoint, 0),
    ).toBe('camreq:0,2,1700000000,6,cams.example.ao,5028');
  });
  it('clamps the video duration to 5..10 s, 10 by default', () => {
    expect([undefined, Number.NaN, 0, 4.4, 5, 7.6, 10, 11, 600].map(clampVideoDuration)).toEqual([
      10, 10, 5, 5, 5, 8, 10, 10, 10,
    ]);
  });
  it('reads a start in milliseconds as seconds', () => {
    expect(epochSeconds(1_700_000_000)).toBe(1_700_000_000);
    expect(epochSeconds(1_700_000_000_500)).toBe(1_700_000_000);
  });
});

describe('HTTP range header', () => {
  it('serves one satisfiable range as partial', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ kind: 'partial', start: 0, end: 0 });
    expect(parseRange('bytes=2-', 10)).toEqual({ kind: 'partial', start: 2, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ kind: 'partial', start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ kind: 'partial', start: 5, end: 9 });
  });
  it('refuses ranges past the end', () => {
    expect(parseRange('bytes=10-', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
  it('ignores what it does not serve: no header, other units, several ranges, reversed or malformed', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,3-4', 'bytes=5-2', 'bytes=a-b', 'bytes=-'])
      expect(parseRange(header, 10), String(header)).toEqual({ kind: 'full' });
  });
});

describe('download names', () => {
  it('keeps letters, digits, dot, dash and underscore', () => {
    expect(safeName('Carrinha 01')).toBe('Carrinha-01');
    expect(safeName('Câmião "Grande"/Norte')).toBe('Camiao-Grande-Norte');
    expect(safeName('../..')).toBe('');
  });
});
