import { useMemo, useState } from 'react';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../session/sessionContext';
import { DataList, EVENT_PAGE_SIZE } from '../common/DataList';
import { DEFAULT_TIMEZONE } from '../common/formatters';
import { MessageDialog } from '../common/MessageDialog';
import { useFormat } from '../common/useFormat';
import { useServerList } from '../common/useServerList';
import { AlertFilters } from './AlertFilters';
import { CentreLayout } from '../common/centre/CentreLayout';
import { chooseDays, defaultRange, type RangeChoice } from '../common/period/alertPeriod';
import { ALL, isAll } from '../common/centre/allRule';
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
  const timezone =
    typeof user.attributes?.timezone === 'string' ? user.attributes.timezone : DEFAULT_TIMEZONE;
  const [filters, setFilters] = useState<EventFilters>(ALL_FILTERS);
  const [range, setRange] = useState<RangeChoice>(() => {
    const days = defaultRange(timezone);
    return { chosen: days, applied: days, tooLong: false };
  });
  const [opened, setOpened] = useState<AlertEvent | null>(null);
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

  return (
    <CentreLayout
      title={t('alerts.title')}
      idPrefix="events"
      filtersLabel={t('alerts.filters')}
      activeFilters={activeFilters}
      filters={
        <AlertFilters
          filters={filters}
          onFilters={setFilters}
          days={range.chosen}
          onDays={(days) => setRange((current) => chooseDays(current, days))}
        />
      }
    >
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <DataList
          columns={columns}
          server={list}
          exportName="Events"
          idPrefix="events"
          showCount
          pageSize={EVENT_PAGE_SIZE}
          rowAttributes={{ rowTestId: 'event-row', rowIdAttribute: 'event-id' }}
          onRowOpen={setOpened}
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
    </CentreLayout>
  );
}
