/** The report period's date pickers, loaded on first use (the picker library is a chunk of its own). */
import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@mui/material';

const LazyPicker = lazy(() => import('./WallDatePickers').then((m) => ({ default: m.WallDateTimePicker })));

export function WallDateTimePicker(props: ComponentProps<typeof LazyPicker>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={56} sx={{ flex: 1, minWidth: 180 }} />}>
      <LazyPicker {...props} />
    </Suspense>
  );
}
