import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { QR_DOWNLOAD_SIZE } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { barcodeImagePath } from './refillsApi';

/** A file name safe on every system, from a station's or vehicle's name. */
export const codeFileName = (name: string): string =>
  `${name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'code'}.png`;

/**
 * The code of a station or vehicle as the server draws it (`/report/barcode.php`), with a download of the
 * image at 500 pixels (document 3 §9).
 */
export function CodeDialog({ title, text, onClose }: { title: string; text: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} data-testid="code-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Box sx={{ p: 1, bgcolor: '#fff', display: 'inline-block', lineHeight: 0 }}>
          <img
            src={barcodeImagePath(text, 240)}
            width={240}
            height={240}
            alt={text}
            data-testid="code-image"
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          href={barcodeImagePath(text, QR_DOWNLOAD_SIZE)}
          download={codeFileName(title)}
          data-testid="code-download"
        >
          {t('refills.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
