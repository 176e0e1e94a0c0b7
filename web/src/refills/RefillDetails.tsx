import { Box, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../common/formatters';
import { useFormat } from '../common/useFormat';
import { Fact, PlaceMap } from '../map/PlaceFacts';
import { stateOf, STATE_TONES } from './consumptionTone';
import type { ConsumptionField, Refill } from './refillTypes';

const figure = (value: number | null, decimals = 0, unit = '') =>
  value === null ? '' : `${formatNumber(value, decimals)}${unit}`;

/** The facts of a refill and a pin on the map where it happened (road or satellite). */
export function RefillDetails({ refill }: { refill: Refill }) {
  const { t } = useTranslation();
  const format = useFormat();
  const located = refill.latitude !== null && refill.longitude !== null;
  const consumption = (field: ConsumptionField, decimals: number) => {
    const state = stateOf(refill, field);
    return (
      <Box
        component="span"
        data-testid="refill-detail-consumption"
        data-state={state ?? ''}
        sx={state ? { color: `${STATE_TONES[state]}.dark`, fontWeight: 600 } : undefined}
      >
        {figure(refill[field], decimals)}
      </Box>
    );
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} data-testid="refill-details">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Fact label={t('refills.vehicle')}>{refill.deviceName}</Fact>
        <Fact label={t('refills.plate')}>{refill.deviceLicensePlate ?? ''}</Fact>
        <Fact label={t('refills.group')}>
          <span data-testid="refill-detail-group">{refill.groupName ?? ''}</span>
        </Fact>
        <Fact label={t('refills.date')}>{format.dateTime(refill.costDate)}</Fact>
        <Fact label={t('refills.typeLabel')}>{t(`refills.type.${refill.type}`)}</Fact>
        <Fact label={t('refills.operator')}>
          {[refill.operatorName, refill.operatorCode].filter(Boolean).join(' · ')}
        </Fact>
        <Fact label={t('refills.station')}>{refill.siteName ?? ''}</Fact>
        <Fact label={t('refills.fuelLabel')}>
          {refill.fuelType ? t(`refills.fuel.${refill.fuelType}`) : ''}
        </Fact>
        <Fact label={t('refills.litres')}>{figure(refill.litres, 2, ' L')}</Fact>
        <Fact label={t('refills.cost')}>{format.currency(refill.cost)}</Fact>
        <Fact label={t('refills.costPerLitre')}>{format.currency(refill.costPerLitre)}</Fact>
        <Fact label={t('refills.km')}>{figure(refill.km)}</Fact>
        <Fact label={t('refills.hours')}>{figure(refill.hours, 1)}</Fact>
        <Fact label={t('refills.deltaKm')}>{figure(refill.delta_km)}</Fact>
        <Fact label={t('refills.l100km')}>{consumption('consumption_l100km', 2)}</Fact>
        <Fact label={t('refills.lh')}>{consumption('consumption_lh', 2)}</Fact>
        <Fact label={t('refills.driver')}>{refill.driverName ?? ''}</Fact>
        <Fact label={t('refills.invoice')}>{refill.invoice}</Fact>
        <Fact label={t('refills.details')}>{refill.details}</Fact>
        <Fact label={t('refills.coordinates')}>
          {located
            ? `${refill.latitude!.toFixed(6)}, ${refill.longitude!.toFixed(6)}`
            : t('refills.noPosition')}
        </Fact>
      </Box>
      {located && (
        // Document 3 §9: a 300x300 picture of the place.
        <PlaceMap
          latitude={refill.latitude!}
          longitude={refill.longitude!}
          idPrefix="refill"
          width={300}
          height={300}
        />
      )}
    </Stack>
  );
}
