import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TokenField } from './TokenField';

afterEach(cleanup);

describe("a user's API token in the user form", () => {
  it('is hidden like a password until the editor asks to see it', () => {
    render(<TokenField label="Token" token="Q7v2LmX9pR4kT1wZ8bN3" showLabel="Mostrar" />);
    const input = screen.getByTestId('user-token') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.value).toBe('Q7v2LmX9pR4kT1wZ8bN3');
    fireEvent.click(screen.getByTestId('user-token-show'));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByTestId('user-token-show'));
    expect(input.type).toBe('password');
  });
});
