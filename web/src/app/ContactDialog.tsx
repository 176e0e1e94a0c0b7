import { useMemo } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import ChatIcon from '@mui/icons-material/Chat';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import { useTranslation } from 'react-i18next';
import type { ClientDetails } from '../api/types';
import { contactInfo } from './contactDetails';

/**
 * Sales contact from the client details: company, address, GPS, e-mails, phones with a chat link. The caller
 * gives the details (the login page reads them without the data cache, the shell through it).
 */
export function ContactDialog({
  open,
  onClose,
  details,
}: {
  open: boolean;
  onClose: () => void;
  details: ClientDetails | undefined;
}) {
  const { t } = useTranslation();
  const info = useMemo(() => contactInfo(details), [details]);

  return (
    <Dialog open={open} onClose={onClose} data-testid="contact-dialog" maxWidth="xs" fullWidth>
      <DialogTitle>{t('contacts')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {info.name && <Typography sx={{ fontWeight: 600 }}>{info.name}</Typography>}
          {info.address && <Typography sx={{ whiteSpace: 'pre-line' }}>{info.address}</Typography>}
          {info.gps && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <PlaceIcon fontSize="small" color="action" />
              <Link
                href={`https://www.openstreetmap.org/?mlat=${info.gps.latitude}&mlon=${info.gps.longitude}#map=17/${info.gps.latitude}/${info.gps.longitude}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {info.gps.text}
              </Link>
            </Stack>
          )}
          {info.emails.map((email) => (
            <Stack key={email} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <EmailIcon fontSize="small" color="action" />
              <Link href={`mailto:${email}`}>{email}</Link>
            </Stack>
          ))}
          {info.phones.map((phone) => (
            <Stack key={phone.text} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <PhoneIcon fontSize="small" color="action" />
              <Link href={`tel:${phone.digits}`}>{phone.text}</Link>
              {phone.digits && (
                <Link
                  href={`https://wa.me/${phone.digits}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={t('chat')}
                >
                  <ChatIcon fontSize="small" sx={{ verticalAlign: 'middle' }} />
                </Link>
              )}
            </Stack>
          ))}
          {!info.name && !info.address && info.emails.length === 0 && info.phones.length === 0 && (
            <Typography color="text.secondary">{t('noData')}</Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
