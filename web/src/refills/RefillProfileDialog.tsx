import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { TOAST_MS } from '../common/centre/ShareEmailDialog';
import { formatSaveError } from '../common/saveError';
import {
  profileBody,
  profileDraftOf,
  profileProblem,
  type ProfileDraft,
  type ProfileProblem,
  type ThresholdField,
} from './profileForm';
import { refillKeys, saveRefillProfile } from './refillsApi';
import type { RefillProfile } from './refillTypes';

export interface RefillProfileDialogProps {
  deviceId: number;
  /** the vehicle as the title names it: its plate, else its name */
  title: string;
  /** the profile it has; null or absent for a vehicle not yet flagged for refills */
  profile?: RefillProfile | null;
  onClose: () => void;
}

const THRESHOLDS: Array<{ field: ThresholdField; label: string }> = [
  { field: 'l100km_yellow', label: 'refills.l100kmYellow' },
  { field: 'l100km_red', label: 'refills.l100kmRed' },
  { field: 'lh_yellow', label: 'refills.lhYellow' },
  { field: 'lh_red', label: 'refills.lhRed' },
];

/**
 * A vehicle's consumption profile and its yellow and red thresholds (managers). They are copied onto each
 * refill saved afterwards, whose consumption cells they colour; the refills already saved keep theirs.
 */
export function RefillProfileDialog({ deviceId, title, profile, onClose }: RefillProfileDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useState<ProfileDraft>(() => profileDraftOf(profile));
  const [problem, setProblem] = useState<ProfileProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (field: keyof ProfileDraft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblem(null);
    setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = profileProblem(draft);
    setProblem(found);
    setFailure(null);
    if (found) return;
    setSaving(true);
    try {
      await saveRefillProfile(deviceId, profileBody(draft));
      await queryClient.invalidateQueries({ queryKey: refillKeys.devices });
      // Document 3 §9: toasts last 3 seconds; only once the server has kept the profile.
      enqueueSnackbar(t('refills.profileSaved'), { variant: 'success', autoHideDuration: TOAST_MS });
      onClose();
    } catch (e) {
      // The server's own words for a refused value (400), else the status (document 1 §8).
      setFailure(
        e instanceof ApiError
          ? e.status === 400 && e.body
            ? e.body
            : formatSaveError(e.status, e.statusText, e.body)
          : String(e),
      );
    } finally {
      setSaving(false);
    }
  };

  const marked = (field: ThresholdField | 'consumption_profile') => !!problem?.fields.includes(field);
  const message = problem ? t(problem.message) : failure;

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="refill-profile-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle>{`${t('refills.consumptionProfile')} · ${title}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {message && (
              <Alert severity="error" data-testid="refill-profile-error">
                {message}
              </Alert>
            )}
            <TextField
              label={t('refills.profileName')}
              value={draft.consumption_profile}
              onChange={(e) => change('consumption_profile')(e.target.value)}
              error={marked('consumption_profile')}
              autoFocus
              slotProps={{ htmlInput: { 'data-testid': 'refill-profile-name', maxLength: 200 } }}
            />
            {/* a row per unit: L/100km, then L/h (yellow and red) */}
            {[THRESHOLDS.slice(0, 2), THRESHOLDS.slice(2)].map((row) => (
              <Stack key={row[0]!.field} direction="row" spacing={2}>
                {row.map(({ field, label }) => (
                  <ThresholdInput
                    key={field}
                    field={field}
                    label={t(label)}
                    value={draft[field]}
                    error={marked(field)}
                    onChange={change(field)}
                  />
                ))}
              </Stack>
            ))}
            <DialogContentText variant="body2">{t('refills.profileHint')}</DialogContentText>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="refill-profile-cancel">
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving} data-testid="refill-profile-save">
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ThresholdInput({
  field,
  label,
  value,
  error,
  onChange,
}: {
  field: ThresholdField;
  label: string;
  value: string;
  error: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `refill-profile-${field}`, inputMode: 'decimal' } }}
    />
  );
}
