import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../api/queries';
import { useSession } from '../../session/sessionContext';
import { ConfirmDialog } from '../ConfirmDialog';
import { ErrorDialog } from '../MessageDialog';
import { useGoBack } from '../useGoBack';
import { emptyRows, importableRows, runImport, type ImportApi, type ImportRow } from './driverImport';
import { ImportGrid } from './ImportGrid';

interface LogLine {
  time: string;
  text: string;
  error: boolean;
}

export interface ImportPageProps {
  title: string;
  /** What to paste, above the group picker. */
  help: string;
  confirmText: (count: number) => string;
  /** Where Close goes when there is no page to go back to. */
  backPath: string;
  /** The calls of one import, for the group chosen (null: none). */
  api: (groupId: number | null) => ImportApi;
  /** The log's text keys as this import says them (the driver import's when omitted). */
  logKey?: (key: string) => string;
  /** Lists refreshed when the import ends. */
  invalidate: QueryKey[];
}

/** Items pasted from a spreadsheet, imported one by one with a log (driver and passenger imports). */
export function ImportPage({ title, help, confirmText, backPath, api, logKey, invalidate }: ImportPageProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const groups = useGroups();
  const queryClient = useQueryClient();
  const goBack = useGoBack(backPath);
  const [rows, setRows] = useState<ImportRow[]>(() => emptyRows());
  const [groupId, setGroupId] = useState(0);
  const [log, setLog] = useState<LogLine[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState(0);
  const [finished, setFinished] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const count = importableRows(rows).length;

  const ask = () => {
    if (user?.readonly) setError(t('readOnlyUser'));
    else if (count === 0) setError(t('settings.importNothing'));
    else setConfirming(true);
  };

  const start = async () => {
    setConfirming(false);
    setRunning(true);
    setFinished(false);
    setDone(0);
    setLog([]);
    const snapshot = rows.map((r) => ({ ...r, status: 0, failed: false }));
    setRows(snapshot);
    const ok = await runImport(snapshot, groupId || null, api(groupId || null), {
      row: (index, status, failed) => {
        setRows((current) => current.map((r, i) => (i === index ? { ...r, status, failed } : r)));
        if (status >= 1) setDone((n) => n + 1);
      },
      log: (key, values, isError) =>
        setLog((lines) => [
          ...lines,
          {
            time: dayjs().format('HH:mm:ss'),
            text: t(logKey ? logKey(key) : key, values),
            error: !!isError,
          },
        ]),
    });
    for (const queryKey of invalidate) await queryClient.invalidateQueries({ queryKey });
    setRunning(false);
    setFinished(ok);
  };

  const reset = () => {
    setRows(emptyRows());
    setLog([]);
    setDone(0);
    setFinished(false);
  };

  const total = finished || running ? importableRows(rows).length : count;
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h1">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
          <TextField
            select
            label={t('settings.group')}
            value={String(groupId)}
            onChange={(e) => setGroupId(Number(e.target.value))}
            disabled={running}
            sx={{ maxWidth: 360 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'import-group' } as object } }}
          >
            <MenuItem value="0">{t('settings.noGroup')}</MenuItem>
            {(groups.data ?? []).map((g) => (
              <MenuItem key={g.id} value={String(g.id)}>
                {g.name}
              </MenuItem>
            ))}
          </TextField>
          <ImportGrid rows={rows} onChange={setRows} disabled={running} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="contained" onClick={ask} disabled={running} data-testid="import-start">
              {t('settings.import')}
            </Button>
            <Button onClick={() => setRows((r) => [...r, ...emptyRows(5)])} disabled={running}>
              {t('settings.addRows')}
            </Button>
            <Button color="warning" onClick={reset} disabled={running} data-testid="import-reset">
              {t('settings.importReset')}
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            <Button onClick={goBack}>{t('close')}</Button>
          </Stack>
          {/* progress once there is something to import, the log once it says something */}
          <Box sx={{ display: total ? undefined : 'none' }}>
            <LinearProgress
              variant="determinate"
              value={total ? (done / total) * 100 : 0}
              data-testid="import-progress-bar"
            />
            <Typography variant="caption" data-testid="import-progress">
              {done} / {total}
            </Typography>
          </Box>
          {finished && (
            <Alert severity="success" data-testid="import-done">
              {t('settings.importDone')}
            </Alert>
          )}
          <Box
            data-testid="import-log"
            sx={{
              display: log.length ? undefined : 'none',
              fontFamily: 'monospace',
              fontSize: 13,
              bgcolor: 'action.hover',
              p: 1,
              borderRadius: 1,
              minHeight: 80,
              maxHeight: 260,
              overflow: 'auto',
              direction: 'ltr',
            }}
          >
            {log.map((line, i) => (
              <Box
                key={i}
                data-testid={line.error ? 'import-log-error' : 'import-log-line'}
                sx={
                  line.error
                    ? { color: 'error.contrastText', bgcolor: 'error.main', fontWeight: 700, px: 0.5 }
                    : undefined
                }
              >
                [{line.time}] {line.text}
              </Box>
            ))}
          </Box>
        </Stack>
      </Paper>
      <ConfirmDialog
        open={confirming}
        title={t('settings.import')}
        message={confirmText(count)}
        onConfirm={() => void start()}
        onCancel={() => setConfirming(false)}
      />
      <ErrorDialog message={error} onClose={() => setError(null)} />
    </Box>
  );
}
