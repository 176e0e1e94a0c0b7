import DownloadIcon from '@mui/icons-material/Download';
import ImageIcon from '@mui/icons-material/Image';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { IconButton, Link, Stack, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { fileDownloadUrl, fileUrl } from './managementApi';

/** The stored file of a document: an image or PDF icon opening it in a new tab, and a Download link. */
export function StoredFileLinks({
  documentId,
  fileType,
  plate,
  compact = false,
}: {
  documentId: number;
  fileType: string | null | undefined;
  plate: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const Icon = fileType === 'pdf' ? PictureAsPdfIcon : ImageIcon;
  return (
    <Stack direction="row" spacing={compact ? 0 : 1} sx={{ alignItems: 'center' }}>
      <Tooltip title={t('management.document.open')}>
        <IconButton
          component="a"
          href={fileUrl(documentId)}
          target="_blank"
          rel="noopener"
          size={compact ? 'small' : 'large'}
          data-testid="document-open"
          onClick={(e) => e.stopPropagation()}
        >
          <Icon color={fileType === 'pdf' ? 'error' : 'primary'} fontSize={compact ? 'small' : 'large'} />
        </IconButton>
      </Tooltip>
      {compact ? (
        <Tooltip title={t('management.document.download')}>
          <IconButton
            component="a"
            href={fileDownloadUrl(documentId, plate)}
            download
            size="small"
            data-testid="document-download"
            onClick={(e) => e.stopPropagation()}
          >
            <DownloadIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Link href={fileDownloadUrl(documentId, plate)} download data-testid="document-download">
          {t('management.document.download')}
        </Link>
      )}
    </Stack>
  );
}
