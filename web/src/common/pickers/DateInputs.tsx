/**
 * The settings' date inputs, loaded on first use: the date picker library is a chunk of its own, so the
 * lists (and the first load) do not carry it.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@mui/material';

const pickers = () => import('./DatePickers');
const LazyDateTime = lazy(() => pickers().then((m) => ({ default: m.DateTimeInput })));
const LazyDay = lazy(() => pickers().then((m) => ({ default: m.DayInput })));

const Loading = () => <Skeleton variant="rounded" height={56} data-testid="date-input-loading" />;

export function DateTimeInput(props: ComponentProps<typeof LazyDateTime>) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyDateTime {...props} />
    </Suspense>
  );
}

export function DayInput(props: ComponentProps<typeof LazyDay>) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyDay {...props} />
    </Suspense>
  );
}
