import { describe, expect, it } from 'vitest';
import { formatSaveError } from './saveError';

describe('formatSaveError', () => {
  it('keeps the server text before a parenthesis or hyphen', () => {
    expect(formatSaveError(400, 'Bad Request', 'Duplicate e-mail (users.email)')).toBe(
      'Error 400: Bad Request Duplicate e',
    );
    expect(formatSaveError(400, 'Bad Request', 'Invalid name (name)')).toBe(
      'Error 400: Bad Request Invalid name',
    );
    expect(formatSaveError(403, 'Forbidden', 'Read only user - writes refused')).toBe(
      'Error 403: Forbidden Read only user',
    );
  });
  it('is the status alone without a body', () => {
    expect(formatSaveError(500, 'Internal Server Error', '')).toBe('Error 500: Internal Server Error');
  });
});
