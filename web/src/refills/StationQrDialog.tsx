import { useRef } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { QR_DOWNLOAD_SIZE } from '@frota/core';
import { QRCodeCanvas } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { codeFileName } from './CodeDialog';
import type { RefillStation } from './refillTypes';

/** A station's QR code (its code, as the operators' phones scan it) and a download of 500 pixels. */
export function StationQrDialog({ station, onClose }: { station: RefillStation; onClose: () => void }) {
  const { t } = useTranslation();
  const large = useRef<HTMLDivElement>(null);
  const download = () => {
    const drawn = large.current?.querySelector('canvas');
    if (!drawn) return;
    // The QR canvas is drawn at the screen's pixel ratio: the file is 500 pixels on every screen.
    const canvas = document.createElement('canvas');
    canvas.width = QR_DOWNLOAD_SIZE;
    canvas.height = QR_DOWNLOAD_SIZE;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.imageSmoothingEnabled = false;
    context.drawImage(drawn, 0, 0, QR_DOWNLOAD_SIZE, QR_DOWNLOAD_SIZE);
    const link = document.createElement('a');
    link.href = canvas.toDataURL('image/png');
    link.download = codeFileName(station.name);
    link.click();
  };
  return (
    <Dialog open onClose={onClose} data-testid="code-dialog">
      <DialogTitle>{station.name}</DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Box sx={{ p: 1, bgcolor: '#fff', display: 'inline-block', lineHeight: 0 }} data-testid="code-image">
          <QRCodeCanvas value={station.code} size={240} marginSize={2} />
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {station.code}
        </Typography>
        <Box ref={large} sx={{ display: 'none' }}>
          <QRCodeCanvas value={station.code} size={QR_DOWNLOAD_SIZE} marginSize={4} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          onClick={download}
          data-testid="code-download"
        >
          {t('refills.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
