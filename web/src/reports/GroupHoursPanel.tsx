import { Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Group } from '../api/types';
import { rememberedGroupHours, rememberGroupHours } from './groupHours';

interface Props {
  groups: Group[];
  hours: Record<number, number>;
  onChange: (hours: Record<number, number>) => void;
}

/** Group hours report: expected monthly hours (weekdays) per chosen group, remembered per group. */
export function GroupHoursPanel({ groups, hours, onChange }: Props) {
  const { t } = useTranslation();
  if (groups.length === 0) return null;
  const remembered = rememberedGroupHours(groups.map((group) => group.id));
  return (
    <Stack spacing={1} data-testid="report-group-hours">
      <Typography variant="subtitle2">{t('reports.expectedHours')}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {groups.map((group) => (
          <TextField
            key={group.id}
            size="small"
            type="number"
            label={group.name}
            value={hours[group.id] ?? remembered[group.id]}
            onChange={(event) => {
              const value = Number(event.target.value);
              rememberGroupHours(group.id, value);
              onChange({ ...hours, [group.id]: value });
            }}
            sx={{ width: 170 }}
            slotProps={{ htmlInput: { min: 0, 'data-testid': `report-group-hours-${group.id}` } }}
          />
        ))}
      </Stack>
    </Stack>
  );
}
