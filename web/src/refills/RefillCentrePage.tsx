import { useMemo, useState } from 'react';
import { Box, Fab, useMediaQuery, useTheme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REFILL_PAGE_SIZE } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ALL, isAll } from '../common/centre/allRule';
import { useCurrentUser } from '../session/sessionContext';
import { DataList } from '../common/DataList';
import { DEFAULT_TIMEZONE } from '../common/formatters';
import { mayWrite } from '../common/listActions';
import { MessageDialog } from '../common/MessageDialog';
import { useFormat } from '../common/useFormat';
import { toListQuery, useServerList, type ListQuery } from '../common/useServerList';
import { consumptionTone } from './consumptionTone';
import { centreColumns } from './refillColumns';
import { CentreLayout } from '../common/centre/CentreLayout';
import { RefillDialog } from './RefillDialog';
import { chooseRefillDays, defaultRefillRange, type RefillRangeChoice } from './refillPeriod';
import { fetchCentrePage, refillKeys } from './refillsApi';
import type { RefillFilters as Filters } from './refillsQuery';
import { RefillFilters } from './RefillFilters';
import { RefillSettingsMenu } from './RefillSettingsMenu';
import { RefillTotalsBar } from './RefillTotalsBar';
import type { Refill } from './refillTypes';

const ALL_FILTERS: Filters = { types: [ALL], devices: [ALL], groups: [ALL], fuels: [ALL], drivers: [ALL] };

/** /refills: the refill centre (document 3 §2) — filters, pages of 100 refills, totals, details. */
/** The height kept free at the page's foot for the floating add button (56 px and its margins). */
const FAB_BAND = 64;

export function RefillCentrePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const format = useFormat();
  const navigate = useNavigate();
  const timezone =
    typeof user.attributes?.timezone === 'string' ? user.attributes.timezone : DEFAULT_TIMEZONE;
  const [filters, setFilters] = useState<Filters>(ALL_FILTERS);
  const [range, setRange] = useState<RefillRangeChoice>(() => {
    const days = defaultRefillRange(timezone);
    return { chosen: days, applied: days, tooLong: false };
  });
  const [opened, setOpened] = useState<Refill | null>(null);
  const { applied } = range;

  const queryKey = [...refillKeys.centre, applied.from, applied.to, filters];
  const fetchPage = (query: ListQuery) => fetchCentrePage(applied, filters, query);
  const list = useServerList<Refill>({
    queryKey,
    fetchPage,
    pageSize: REFILL_PAGE_SIZE,
    searchKey: 'refills',
    initialSort: [{ field: 'cost_date', sort: 'desc' }],
  });
  // The page the list shows carries the totals of every match: read them from the same cache entry.
  const page = useQuery({
    queryKey: [...queryKey, toListQuery(list.paginationModel, list.sortModel, list.search)],
    queryFn: () => fetchPage(toListQuery(list.paginationModel, list.sortModel, list.search)),
    placeholderData: keepPreviousData,
    enabled: false,
  });
  const columns = useMemo(() => centreColumns(t, format, setOpened), [t, format]);
  const activeFilters = Object.values(filters).filter((values) => !isAll(values)).length;
  // a phone reads the totals first: below the list they left room for one card
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const totals = <RefillTotalsBar totals={page.data?.totals} />;

  return (
    <CentreLayout
      title={t('refills.centreTitle')}
      idPrefix="refills"
      filtersLabel={t('refills.filters')}
      activeFilters={activeFilters}
      actions={<RefillSettingsMenu />}
      testId="refills-centre"
      filters={
        <RefillFilters
          filters={filters}
          onFilters={setFilters}
          days={range.chosen}
          onDays={(days) => setRange((current) => chooseRefillDays(current, days))}
        />
      }
    >
      {phone && totals}
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <DataList
          columns={columns}
          server={list}
          exportName="Refills"
          idPrefix="refills"
          showCount
          pageSize={REFILL_PAGE_SIZE}
          cellTone={consumptionTone}
          rowAttributes={{ rowTestId: 'refill-row', rowIdAttribute: 'id' }}
          emptyText={t('refills.noData')}
        />
      </Box>
      {!phone && totals}
      {mayWrite(user) && (
        <>
          {/* the add button's own band below the totals: it covers no row, pager or total */}
          <Box sx={{ height: FAB_BAND, flexShrink: 0 }} data-testid="refill-add-band" />
          <Fab
            color="primary"
            aria-label={t('refills.add')}
            onClick={() => void navigate('/management/refill', { state: { extraData: -1 } })}
            data-testid="refill-add"
            sx={{ position: 'fixed', right: { xs: 16, sm: 24 }, bottom: 8 }}
          >
            <AddIcon />
          </Fab>
        </>
      )}
      {opened && <RefillDialog key={opened.id} refill={opened} onClose={() => setOpened(null)} />}
      <MessageDialog
        open={range.tooLong}
        title={t('refills.oops')}
        message={t('refills.periodTooLong')}
        onClose={() => setRange((current) => ({ ...current, tooLong: false }))}
      />
    </CentreLayout>
  );
}
