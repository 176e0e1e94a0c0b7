import { useCallback, useMemo, useRef, useState, type ComponentType } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useGeofences, useGroups } from '../api/queries';
import { hasPermission } from '../session/permissions';
import type { ScreenProps } from '../session/areas';
import { YEAR_PERMISSION } from './yearPermission';
import { useCurrentUser } from '../session/sessionContext';
import { DEFAULT_TIMEZONE } from '../common/formatters';
import { ErrorDialog, MessageDialog } from '../common/MessageDialog';
import { EVENT_TYPES, keepOffered, offeredEventTypes } from './eventTypes';
import { FilterForm } from './FilterForm';
import { groupHoursFor, groupsOfDevices } from './groupHours';
import { monthChoices } from '../common/period/period';
import { PickersProvider } from '../common/pickers/PickersProvider';
import { ReportActions } from './ReportActions';
import { useReportCatalogue, useReportDevices, useReportDrivers, useReportPassengers } from './reportData';
import { formatsOf, REPORT_DEFS, type ReportDef, type ReportFormat } from './reportDefs';
import {
  checkForm,
  formPeriod,
  hasChoice,
  initialForm,
  reportBody,
  type ReportFormState,
} from './reportForm';
import { ReportResults } from './ReportResults';
import { reportDevices } from '../common/selection';
import { ScrollTop } from './ScrollTop';
import { StartHint } from './StartHint';
import { useReportRun } from './useReportRun';

/**
 * One report screen: the filter form, Query and export, and the results below (document 2 §2.1–§2.4);
 * `title` is its route's title key.
 */
export function ReportPage({ def, title: titleKey }: { def: ReportDef; title: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const timezone =
    typeof user.attributes?.timezone === 'string' ? user.attributes.timezone : DEFAULT_TIMEZONE;
  const allDevices = useReportDevices();
  const groups = useGroups();
  const geofences = useGeofences(!!def.zones);
  const drivers = useReportDrivers(!!def.drivers);
  const passengers = useReportPassengers(!!def.passengers);
  const devices = useMemo(
    () => reportDevices(allDevices.data, def.deviceFilter),
    [allDevices.data, def.deviceFilter],
  );
  const offeredEvents = useMemo(() => offeredEventTypes(user, allDevices.data), [user, allDevices.data]);
  const catalogue = useReportCatalogue();
  const optionOrder = catalogue.data?.find((entry) => entry.name === def.name)?.options;

  const [form, setForm] = useState<ReportFormState>(() =>
    initialForm(def, monthChoices(timezone)[0], [...EVENT_TYPES]),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const run = useReportRun();
  const formRef = useRef<HTMLDivElement>(null);
  const period = formPeriod(def, form, timezone);
  const title = t(titleKey);

  const change = useCallback((update: (form: ReportFormState) => ReportFormState) => setForm(update), []);

  const start = (format: ReportFormat) => {
    const current = formPeriod(def, form, timezone);
    const found = checkForm(def, form, current);
    if (found || !current) {
      const key = found?.key ?? 'reports.invalidPeriod';
      const text = t(key, found?.values);
      setProblem(
        key === 'reports.workingHoursFormat'
          ? `${text}\n${t('reports.invalidWorkingTime', found?.values)}`
          : text,
      );
      return;
    }
    // the groups picked, and for group hours the groups of the picked vehicles too
    const groupIds = [
      ...new Set([
        ...(def.groupPicker ? form.groups : []),
        ...(def.groupHours ? groupsOfDevices(allDevices.data ?? [], form.devices) : []),
      ]),
    ];
    const ready = {
      ...form,
      events: keepOffered(form.events, offeredEvents),
      groups: groupIds,
      groupHours: def.groupHours ? groupHoursFor(groupIds, form.groupHours) : {},
    };
    run.run(def.endpoint, reportBody(def, ready, current, format));
  };

  return (
    <PickersProvider>
      <Box sx={{ maxWidth: 1600, mx: 'auto' }} data-testid="report-page" data-report={def.name}>
        <Paper ref={formRef} sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} data-testid="report-form">
          <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
            {title}
          </Typography>
          <FilterForm
            def={def}
            form={form}
            onChange={change}
            lists={{
              devices,
              drivers: drivers.data,
              groups: groups.data,
              geofences: geofences.data,
              events: offeredEvents,
              loading: allDevices.isLoading,
              passengers: passengers.data,
            }}
            period={period}
            optionOrder={optionOrder}
            timezone={timezone}
            years={hasPermission(user, YEAR_PERMISSION)}
          />
          <Box sx={{ mt: 2 }}>
            <ReportActions
              formats={formatsOf(def)}
              disabled={!hasChoice(def, form)}
              running={run.running}
              onRun={start}
              onCancel={run.cancel}
            />
          </Box>
        </Paper>
        {!run.results && !run.running && (
          <StartHint byDriver={Boolean(def.drivers && form.itemsType === 'D')} />
        )}
        {run.results && (
          <ReportResults
            results={run.results}
            performance={def.rowColours === 'performance'}
            costColours={def.costColours}
          />
        )}
        <ScrollTop target={formRef} />
        <ErrorDialog
          message={problem ?? run.error}
          onClose={() => (problem ? setProblem(null) : run.dismiss())}
        />
        <MessageDialog
          open={run.empty}
          title={t('reports.oops')}
          message={t('reports.noDataForTheSelectedPeriod')}
          onClose={run.dismiss}
        />
      </Box>
    </PickersProvider>
  );
}

/** A screen component for a report definition (registered by route path). */
export function reportScreen(name: string): ComponentType<ScreenProps> {
  const def = REPORT_DEFS[name];
  const Screen = ({ route }: ScreenProps) => <ReportPage def={def} title={route.title} />;
  Screen.displayName = `Report_${name}`;
  return Screen;
}
