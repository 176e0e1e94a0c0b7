import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { onSessionLost, reportQueryError } from './sessionEvents';

describe('session lost', () => {
  it('is reported for 401 answers only', () => {
    const listener = vi.fn();
    const stop = onSessionLost(listener);
    reportQueryError(new ApiError(403, 'Forbidden', ''));
    reportQueryError(new Error('network'));
    expect(listener).not.toHaveBeenCalled();
    reportQueryError(new ApiError(401, 'Unauthorized', ''));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    reportQueryError(new ApiError(401, 'Unauthorized', ''));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
