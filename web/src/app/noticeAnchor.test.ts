import { describe, expect, it } from 'vitest';
import { noticeAnchor } from './useLiveUpdates';

describe('where live notices show', () => {
  it('keeps the bottom of a phone free for its controls, and the desktop corner otherwise', () => {
    expect(noticeAnchor(true)).toEqual({ vertical: 'top', horizontal: 'center' });
    expect(noticeAnchor(false)).toEqual({ vertical: 'bottom', horizontal: 'right' });
    expect(noticeAnchor(false, true)).toEqual({ vertical: 'bottom', horizontal: 'left' });
    expect(noticeAnchor(true, true)).toEqual({ vertical: 'top', horizontal: 'center' });
  });
});
