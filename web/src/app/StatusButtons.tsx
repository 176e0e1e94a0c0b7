import { useState } from 'react';
import { Button, IconButton, Tooltip } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SystemUpdateIcon from '@mui/icons-material/SystemUpdateAlt';
import WarningIcon from '@mui/icons-material/Warning';
import { useTranslation } from 'react-i18next';
import { useClientDetails } from '../api/queries';
import { MessageDialog } from '../common/MessageDialog';
import { useVersionCheck } from './useVersionCheck';
import { hardReload } from './versionCheck';

const blink = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.2; }
`;

/** Update button when /meta.json answers a new version, OFFLINE when it fails; both clear caches and reload. */
export function VersionButton() {
  const { t } = useTranslation();
  const { state } = useVersionCheck();
  if (state === 'ok') return null;
  const offline = state === 'offline';
  return (
    <Button
      color="inherit"
      variant="outlined"
      size="small"
      startIcon={offline ? <CloudOffIcon /> : <SystemUpdateIcon />}
      onClick={() => void hardReload()}
      data-testid={offline ? 'version-offline' : 'version-update'}
      sx={{ mx: 1, whiteSpace: 'nowrap' }}
    >
      {offline ? 'OFFLINE' : t('newVersion')}
    </Button>
  );
}

/** Blinking warning button while the client details carry a message; a click shows it. */
export function ClientMessageButton() {
  const { t } = useTranslation();
  const details = useClientDetails();
  const [open, setOpen] = useState(false);
  const message = details.data?.message?.trim();
  if (!message) return null;
  return (
    <>
      <Tooltip title={t('warning')}>
        <IconButton
          color="inherit"
          onClick={() => setOpen(true)}
          data-testid="client-message-button"
          sx={{ animation: `${blink} 1s ease-in-out infinite`, color: '#ffca28' }}
        >
          <WarningIcon />
        </IconButton>
      </Tooltip>
      <MessageDialog
        open={open}
        title={details.data?.title || t('warning')}
        message={message}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
