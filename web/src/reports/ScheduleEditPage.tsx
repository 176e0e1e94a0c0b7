import { useMemo, useState } from 'react';
import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getJson, sendJson } from '../api/client';
import { useGeofences, useGroups } from '../api/queries';
import { useCurrentUser } from '../session/sessionContext';
import { ErrorDialog } from '../common/MessageDialog';
import { useFormat } from '../common/useFormat';
import { useGoBack } from '../common/useGoBack';
import { offeredEventTypes } from './eventTypes';
import {
  reportQueryKeys,
  SCHEDULER_PATH,
  useReportCatalogue,
  useReportDevices,
  useReportDrivers,
} from './reportData';
import { REPORT_DEFS } from './reportDefs';
import { failureText } from './runReport';
import { ScheduleFields } from './ScheduleFields';
import {
  checkSchedule,
  draftFromSchedule,
  newScheduleDraft,
  scheduleBody,
  type Schedule,
  type ScheduleDraft,
} from './scheduleForm';
import { allowedScheduleTypes } from './scheduleTypes';
import { reportDevices } from '../common/selection';

const BACK = '/report/schedules';

/** /report/schedule/:id?: creates or edits a scheduled report (document 2 §2.5). */
export function ScheduleEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const user = useCurrentUser();
  const format = useFormat();
  const queryClient = useQueryClient();
  const goBack = useGoBack(BACK);
  const catalogue = useReportCatalogue();
  const types = useMemo(() => allowedScheduleTypes(user, catalogue.data), [user, catalogue.data]);
  const loaded = useQuery({
    queryKey: reportQueryKeys.schedule(Number(id)),
    queryFn: () => getJson<Schedule>(`${SCHEDULER_PATH}/${id}`),
    enabled: !!id,
  });
  const [draft, setDraft] = useState<ScheduleDraft | null>(null);
  const base = useMemo(
    () =>
      id
        ? loaded.data
          ? draftFromSchedule(loaded.data)
          : undefined
        : newScheduleDraft(types[0]?.type ?? 'trips'),
    [id, loaded.data, types],
  );
  const item = draft ?? base;
  const update = (change: (d: ScheduleDraft) => ScheduleDraft) =>
    setDraft((current) => {
      const from = current ?? base;
      return from ? change(from) : current;
    });

  const allDevices = useReportDevices();
  const drivers = useReportDrivers();
  const groups = useGroups();
  const geofences = useGeofences();
  const devices = useMemo(
    () => reportDevices(allDevices.data, item ? REPORT_DEFS[item.type]?.deviceFilter : undefined),
    [allDevices.data, item],
  );
  const events = useMemo(() => offeredEventTypes(user, allDevices.data), [user, allDevices.data]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!item) return;
    if (user.readonly) return setError(t('readOnlyUser'));
    const problem = checkSchedule(item);
    if (problem) return setError(t(problem.key, problem.values));
    setSaving(true);
    try {
      const body = scheduleBody({ ...item, events: events.filter((type) => item.events.includes(type)) });
      await sendJson(
        item.id ? 'PUT' : 'POST',
        item.id ? `${SCHEDULER_PATH}/${item.id}` : SCHEDULER_PATH,
        body,
      );
      await queryClient.invalidateQueries({ queryKey: reportQueryKeys.schedules });
      goBack();
    } catch (e) {
      setError(failureText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 820, mx: 'auto' }}>
      <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="schedule-form">
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          {t('route.report_schedule')}
        </Typography>
        {!item ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            {loaded.isError ? <Typography>{t('noData')}</Typography> : <CircularProgress />}
          </Box>
        ) : (
          <ScheduleFields
            draft={item}
            update={update}
            types={types}
            devices={devices}
            drivers={drivers.data}
            groups={groups.data}
            geofences={geofences.data}
            events={events}
          />
        )}
        {loaded.data?.last_run && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="schedule-last-run">
            {t('reports.lastRun')}: {format.dateTime(loaded.data.last_run)}
            {loaded.data.last_status ? ` (${loaded.data.last_status})` : ''}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button onClick={goBack} data-testid="schedule-cancel">
            {t('cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={!item || saving}
            data-testid="schedule-save"
          >
            {t('save')}
          </Button>
        </Stack>
      </Paper>
      <ErrorDialog message={error} onClose={() => setError(null)} />
    </Box>
  );
}
