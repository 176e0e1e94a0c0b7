import { Box, Button, Checkbox, FormControlLabel, FormGroup, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  /** i18n key of the title */
  title: string;
  offered: readonly string[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  /** i18n key of an item's label */
  labelOf: (item: string) => string;
  /** `report-events`: the box; `report-events-all` the all/clear button; `report-event-{item}` each box */
  testId: string;
  itemTestId: string;
}

/** A list of checkboxes (event types, cost types), with one button to tick or clear them all. */
export function CheckListField({ title, offered, chosen, onChange, labelOf, testId, itemTestId }: Props) {
  const { t } = useTranslation();
  const all = offered.every((type) => chosen.includes(type));
  const toggle = (type: string, on: boolean) =>
    onChange(offered.filter((item) => (item === type ? on : chosen.includes(item))));
  return (
    <Box data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">{t(title)}</Typography>
        <Button size="small" onClick={() => onChange(all ? [] : [...offered])} data-testid={`${testId}-all`}>
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
                slotProps={{ input: { 'data-testid': `${itemTestId}-${type}` } as object }}
              />
            }
            label={t(labelOf(type))}
          />
        ))}
      </FormGroup>
    </Box>
  );
}

/** The event type checkboxes of document 2 §2.2. */
export const EventTypesField = (props: Pick<Props, 'offered' | 'chosen' | 'onChange'>) => (
  <CheckListField
    {...props}
    title="reports.eventTypes"
    labelOf={(type) => `reports.event.${type}`}
    testId="report-events"
    itemTestId="report-event"
  />
);

/** The cost type checkboxes of document 2 §2.2. */
export const CostTypesField = (props: Pick<Props, 'offered' | 'chosen' | 'onChange'>) => (
  <CheckListField
    {...props}
    title="reports.costTypes"
    labelOf={(type) => `reports.cost.${type}`}
    testId="report-costs"
    itemTestId="report-cost"
  />
);
