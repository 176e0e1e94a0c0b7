import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOURS, statusKey, type EventStatusId } from './eventStatus';

const colours = (status: EventStatusId) => ({
  bgcolor: STATUS_COLOURS[status].bg,
  color: STATUS_COLOURS[status].fg,
});

/** The status as a coloured button that opens the event's dialog. */
export function StatusButton({
  status,
  onClick,
  label,
  tabIndex,
}: {
  status: EventStatusId;
  onClick: () => void;
  label: string;
  tabIndex?: number;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      variant="contained"
      disableElevation
      onClick={onClick}
      tabIndex={tabIndex}
      aria-label={label}
      data-testid="event-status-button"
      data-status={status}
      sx={{ ...colours(status), textTransform: 'none', py: 0, minWidth: 110, '&:hover': colours(status) }}
    >
      {t(statusKey(status))}
    </Button>
  );
}

/** The status as a coloured label (history, details). */
export function StatusLabel({ status }: { status: EventStatusId }) {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      data-status={status}
      sx={{ ...colours(status), px: 1, py: 0.25, borderRadius: 1, fontSize: 13, whiteSpace: 'nowrap' }}
    >
      {t(statusKey(status))}
    </Box>
  );
}
