import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EVENT_COLOURS } from './eventMarkers';
import { ROUTE_COLOUR, SPEEDING_COLOUR } from './routeColours';
import { ROUTE_EVENTS } from './types';

const swatch = (colour: string, round: boolean) => (
  <Box
    component="span"
    sx={{
      width: round ? 10 : 16,
      height: round ? 10 : 4,
      borderRadius: round ? '50%' : 1,
      bgcolor: colour,
      flexShrink: 0,
    }}
  />
);

/** What the route's colours and markers mean. */
export function EventLegend() {
  const { t } = useTranslation();
  const items: Array<[string, string, boolean]> = [
    [ROUTE_COLOUR, t('replay.route'), false],
    [SPEEDING_COLOUR, t('replay.speedingRoute'), false],
    ...ROUTE_EVENTS.map((kind): [string, string, boolean] => [
      EVENT_COLOURS[kind],
      t(`replay.event.${kind}`),
      true,
    ]),
  ];
  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}
      data-testid="replay-legend"
    >
      {items.map(([colour, label, round]) => (
        <Box key={label} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {swatch(colour, round)}
          <Typography variant="caption">{label}</Typography>
        </Box>
      ))}
    </Stack>
  );
}
