import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Box, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../common/formatters';
import { useFormat } from '../common/useFormat';
import { stateOf, STATE_TONES } from './consumptionTone';
import type { ConsumptionField, Refill } from './refillTypes';

// The shared still map of a position: MapLibre loads with the first dialog that shows one.
const PinMap = lazy(() => import('../alerts/EventMap'));

type MapLayer = 'road' | 'satellite';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 130, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

const figure = (value: number | null, decimals = 0, unit = '') =>
  value === null ? '' : `${formatNumber(value, decimals)}${unit}`;

/** The facts of a refill and a pin on the map where it happened (road or satellite). */
export function RefillDetails({ refill }: { refill: Refill }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [layer, setLayer] = useState<MapLayer>('road');
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
        <Box sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={layer}
            onChange={(_e, value: MapLayer | null) => value && setLayer(value)}
            sx={{ mb: 1 }}
          >
            <ToggleButton value="road" data-testid="refill-map-road">
              {t('refills.road')}
            </ToggleButton>
            <ToggleButton value="satellite" data-testid="refill-map-satellite">
              {t('refills.satellite')}
            </ToggleButton>
          </ToggleButtonGroup>
          {/* Document 3 §9: a 300x300 picture of the place. */}
          <Box
            sx={{ position: 'relative', height: 300, borderRadius: 1, overflow: 'hidden' }}
            data-testid="refill-map"
            aria-hidden
          >
            <Suspense fallback={<Skeleton variant="rectangular" height={300} />}>
              <PinMap latitude={refill.latitude!} longitude={refill.longitude!} layer={layer} />
            </Suspense>
          </Box>
        </Box>
      )}
    </Stack>
  );
}
