import { Fragment } from 'react';
import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { languageUnits, totalsText } from './refillRules';
import type { RefillTotals } from './refillTypes';

/**
 * The centre's footer (document 3 §2): Total Abastecido (litres) and Total Consumido (litres, km and
 * L/100km), over every refill the filters match, not only the page shown.
 */
export function RefillTotalsBar({ totals }: { totals: RefillTotals | undefined }) {
  const { t } = useTranslation();
  const text = totalsText(totals, languageUnits(t('refills.l100km')));
  const parts = text.consumed ? text.consumed.split(' · ') : [];
  return (
    <Stack
      direction="row"
      sx={{
        flexWrap: 'wrap',
        columnGap: 3,
        rowGap: 0.5,
        px: 1,
        py: 0.75,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" data-testid="refills-total-filled">
        {`${t('refills.totalFilled')}: `}
        {/* a figure with its unit isolated, in the unit's direction: "14,731.09 L" left to right, and on
            an Arabic page "14,731.09 ل" right to left, the figure first as Arabic reads it */}
        <strong>
          <bdi>{text.filled}</bdi>
        </strong>
      </Typography>
      <Typography variant="body2" data-testid="refills-total-consumed">
        {`${t('refills.totalConsumed')}: `}
        {/* each figure isolated and kept whole with the dot after it: a phone's line breaks between
            figures, never inside one nor before a dot (in Arabic a wrapped isolate of all three read in a
            scrambled order) */}
        <strong>
          {parts.map((part, i) => (
            <Fragment key={i}>
              <span style={{ whiteSpace: 'nowrap' }}>
                <bdi>{part}</bdi>
                {i < parts.length - 1 && ' ·'}
              </span>
              {i < parts.length - 1 && ' '}
            </Fragment>
          ))}
        </strong>
      </Typography>
    </Stack>
  );
}
