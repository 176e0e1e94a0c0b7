import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** One figure of a list's footer: a column's title and its total. */
export interface ListTotal {
  label: string;
  value: string;
}

/** The footer totals under a list (sums of the rows shown, or the server's totals of every match). */
export function ListTotals({ totals }: { totals: readonly ListTotal[] }) {
  const { t } = useTranslation();
  if (totals.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={3}
      data-testid="list-totals"
      sx={{ flexWrap: 'wrap', rowGap: 0.5, px: 1, py: 0.75, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('listTotal')}
      </Typography>
      {totals.map((total) => (
        <Typography key={total.label} variant="body2" data-testid="list-total">
          {`${total.label}: `}
          <strong>{total.value}</strong>
        </Typography>
      ))}
    </Stack>
  );
}
