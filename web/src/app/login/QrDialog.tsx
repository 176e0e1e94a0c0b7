import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';

/** QR code of the address to open on a phone. */
export function QrDialog({
  open,
  onClose,
  address,
}: {
  open: boolean;
  onClose: () => void;
  address: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} data-testid="qr-dialog">
      <DialogTitle>{t('mobileAccess')}</DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Box sx={{ p: 2, bgcolor: '#fff', display: 'inline-block' }}>
          <QRCodeSVG value={address} size={220} marginSize={1} />
        </Box>
        <Typography variant="body2" sx={{ mt: 1, wordBreak: 'break-all' }}>
          {address}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
