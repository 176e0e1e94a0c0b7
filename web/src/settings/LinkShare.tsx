import { useRef, useState } from 'react';
import {
  Box,
  Button,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { QRCodeCanvas } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { QR_DOWNLOAD_SIZE } from './temporaryLinkForm';

/** Puts the text on the clipboard; where the browser refuses (no secure context), selects and copies it. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const field = input ?? document.body.appendChild(document.createElement('input'));
    field.value = text;
    field.select();
    document.execCommand('copy');
    if (!input) field.remove();
  }
}

/** A list row's button copying its link's address (the list shows the token, the link is what is shared). */
export function CopyLinkButton({ address }: { address: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Tooltip title={copied ? t('settings.copied') : t('settings.copyLink')}>
      <IconButton
        size="small"
        aria-label={t('settings.copyLink')}
        data-testid="link-copy-row"
        data-copied={copied || undefined}
        onClick={(event) => {
          event.stopPropagation();
          void copyText(address, null).then(() => setCopied(true));
        }}
      >
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** The link's address with a copy button, and its QR code with a 500-pixel download. */
export function LinkShare({ address, name }: { address: string; name: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const large = useRef<HTMLDivElement>(null);
  const download = () => {
    const canvas = large.current?.querySelector('canvas');
    if (!canvas) return;
    const a = document.createElement('a');
    a.href = canvas.toDataURL('image/png');
    a.download = `${name || 'link'}.png`;
    a.click();
  };
  return (
    <Stack spacing={2} data-testid="link-share">
      <Typography variant="subtitle2">{t('settings.linkAddress')}</Typography>
      <TextField
        value={address}
        inputRef={input}
        slotProps={{
          htmlInput: { readOnly: true, 'data-testid': 'link-address', dir: 'ltr' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={copied ? t('settings.copied') : t('settings.copy')}>
                  <IconButton
                    onClick={() => void copyText(address, input.current).then(() => setCopied(true))}
                    aria-label={t('settings.copy')}
                    data-testid="link-copy"
                  >
                    <ContentCopyIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      {copied && (
        <Typography variant="caption" color="success.main" data-testid="link-copied">
          {t('settings.copied')}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ p: 1, bgcolor: '#fff', lineHeight: 0 }} data-testid="link-qr">
          <QRCodeCanvas value={address} size={160} marginSize={2} />
        </Box>
        <Button startIcon={<DownloadIcon />} onClick={download} data-testid="link-qr-download">
          {t('settings.downloadQr')}
        </Button>
      </Stack>
      <Box ref={large} sx={{ display: 'none' }}>
        <QRCodeCanvas value={address} size={QR_DOWNLOAD_SIZE} marginSize={4} />
      </Box>
    </Stack>
  );
}
