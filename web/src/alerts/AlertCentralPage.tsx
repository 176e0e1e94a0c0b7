import { useMemo, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Collapse,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../app/sessionContext';
import { DataList, EVENT_PAGE_SIZE } from '../common/DataList';
import { DEFAULT_TIMEZONE } from '../common/formatters';
import { MessageDialog } from '../common/MessageDialog';
import { useFormat } from '../common/useFormat';
import { useServerList } from '../common/useServerList';
import { AlertFilters } from './AlertFilters';
import { chooseDays, defaultRange, type RangeChoice } from './alertPeriod';
import { ALL, isAll } from './allRule';
import { EventDialog } from './EventDialog';
import { eventColumns } from './eventColumns';
import { ALERT_EVENTS_KEY, fetchEventsPage, type AlertEvent } from './eventsApi';
import type { EventFilters } from './eventsQuery';

const ALL_FILTERS: EventFilters = {
  status: [ALL],
  types: [ALL],
  groups: [ALL],
  devices: [ALL],
  drivers: [ALL],
};

/** /events: the alert central (document 2 §2.8) — filters, count, refresh, export, pages of 100 events. */
export function AlertCentralPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const format = useFormat();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const timezone =
    typeof user.attributes?.timezone === 'string' ? user.attributes.timezone : DEFAULT_TIMEZONE;
  const [filters, setFilters] = useState<EventFilters>(ALL_FILTERS);
  const [range, setRange] = useState<RangeChoice>(() => {
    const days = defaultRange(timezone);
    return { chosen: days, applied: days, tooLong: false };
  });
  const [opened, setOpened] = useState<AlertEvent | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { applied } = range;

  const list = useServerList<AlertEvent>({
    queryKey: [...ALERT_EVENTS_KEY, 'page', applied.from, applied.to, filters],
    fetchPage: (query) => fetchEventsPage(applied, filters, query),
    pageSize: EVENT_PAGE_SIZE,
    searchKey: 'events',
    initialSort: [{ field: 'eventTime', sort: 'desc' }],
  });
  const columns = useMemo(() => eventColumns(t, format, setOpened), [t, format]);
  const activeFilters = Object.values(filters).filter((values) => !isAll(values)).length;

  const filterPanel = (
    <AlertFilters
      filters={filters}
      onFilters={setFilters}
      days={range.chosen}
      onDays={(days) => setRange((current) => chooseDays(current, days))}
    />
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', p: { xs: 1, sm: 2 }, gap: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
          {t('alerts.title')}
        </Typography>
        {phone && (
          <Button
            startIcon={
              <Badge badgeContent={activeFilters} color="primary">
                <FilterListIcon />
              </Badge>
            }
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            data-testid="events-filters-toggle"
          >
            {t('alerts.filters')}
          </Button>
        )}
      </Stack>
      {phone ? (
        <Collapse in={filtersOpen}>
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            {filterPanel}
          </Paper>
        </Collapse>
      ) : (
        filterPanel
      )}
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <DataList
          columns={columns}
          server={list}
          exportName="Events"
          idPrefix="events"
          showCount
          pageSize={EVENT_PAGE_SIZE}
          rowAttributes={{ rowTestId: 'event-row', rowIdAttribute: 'event-id' }}
          emptyText={t('alerts.noData')}
        />
      </Box>
      {opened && <EventDialog key={opened.id} event={opened} onClose={() => setOpened(null)} />}
      <MessageDialog
        open={range.tooLong}
        title={t('alerts.oops')}
        message={t('alerts.periodTooLong')}
        onClose={() => setRange((current) => ({ ...current, tooLong: false }))}
      />
    </Box>
  );
}
