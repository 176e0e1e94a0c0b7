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
        {/* figures with their units read left to right on an Arabic page too */}
        <strong>
          <bdi dir="ltr">{text.filled}</bdi>
        </strong>
      </Typography>
      <Typography variant="body2" data-testid="refills-total-consumed">
        {`${t('refills.totalConsumed')}: `}
        {/* each figure isolated: a phone's line breaks between them, not inside one (in Arabic a wrapped
            isolate of all three read in a scrambled order) */}
        <strong>
          {text.consumed.split(' · ').map((part, i) => (
            <Fragment key={i}>
              {i > 0 && ' · '}
              <bdi dir="ltr">{part}</bdi>
            </Fragment>
          ))}
        </strong>
      </Typography>
    </Stack>
  );
}
