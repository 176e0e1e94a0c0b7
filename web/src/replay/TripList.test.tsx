import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../app/i18n';
import { TripList } from './TripList';

afterEach(cleanup);

const show = (loading: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TripList trips={[]} selected={null} onSelect={() => undefined} loading={loading} />
    </QueryClientProvider>,
  );

describe('the trip list', () => {
  it('shows its trips as coming, not as none, while the route came alone', () => {
    show(true);
    expect(screen.queryByTestId('replay-trips-loading')).not.toBeNull();
    expect(screen.getByTestId('replay-total').textContent).not.toMatch(/\d/);
    cleanup();
    show(false);
    expect(screen.queryByTestId('replay-trips-loading')).toBeNull();
    expect(screen.getByTestId('replay-trips').textContent).toMatch(/0/);
  });
});
