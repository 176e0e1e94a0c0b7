import { Box, Button, Checkbox, FormControlLabel, FormGroup, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  offered: readonly string[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
}

/** The event type checkboxes, with one button to tick or clear them all. */
export function EventTypesField({ offered, chosen, onChange }: Props) {
  const { t } = useTranslation();
  const all = offered.every((type) => chosen.includes(type));
  const toggle = (type: string, on: boolean) =>
    onChange(offered.filter((item) => (item === type ? on : chosen.includes(item))));
  return (
    <Box data-testid="report-events">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">{t('reports.eventTypes')}</Typography>
        <Button
          size="small"
          onClick={() => onChange(all ? [] : [...offered])}
          data-testid="report-events-all"
        >
          {all ? t('reports.clear') : t('reports.all')}
        </Button>
      </Stack>
      <FormGroup row>
        {offered.map((type) => (
          <FormControlLabel
            key={type}
            sx={{ minWidth: 230 }}
            control={
              <Checkbox
                size="small"
                checked={chosen.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
                slotProps={{ input: { 'data-testid': `report-event-${type}` } as object }}
              />
            }
            label={t(`reports.event.${type}`)}
          />
        ))}
      </FormGroup>
    </Box>
  );
}
