import { useRef, useState } from 'react';
import { MANAGEMENT_MESSAGES } from '@frota/core';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorDialog } from '../common/MessageDialog';
import type { DocumentFile } from './managementApi';
import { tooLarge } from './documentForm';
import { translateMessage } from './messages';
import { FILE_ACCEPT, fileTypeOf } from './rules';

const readDataUrl = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });

/** The `Ficheiro` tab: picks a pdf, jpg or png of at most 5 MB, with an image preview and the file name. */
export function FilePicker({
  file,
  onChange,
}: {
  file: DocumentFile | null;
  onChange: (file: DocumentFile | null) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  const pick = async (picked: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!picked) return;
    if (tooLarge(picked.size)) {
      setError(translateMessage(t, MANAGEMENT_MESSAGES.fileTooLarge));
      return;
    }
    if (!fileTypeOf(picked.name, picked.type)) {
      setError(translateMessage(t, MANAGEMENT_MESSAGES.fileType));
      return;
    }
    onChange({ name: picked.name, size: picked.size, type: picked.type, content: await readDataUrl(picked) });
  };

  const image = file && /^data:image\//.test(file.content);
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
        {t('management.document.pick')}
        <input
          ref={input}
          type="file"
          hidden
          accept={FILE_ACCEPT}
          data-testid="document-file-input"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </Button>
      {file && (
        <Box data-testid="document-preview">
          {image ? (
            <Box
              component="img"
              src={file.content}
              alt={file.name}
              sx={{ maxWidth: '100%', maxHeight: 260, borderRadius: 1, border: 1, borderColor: 'divider' }}
            />
          ) : (
            <PictureAsPdfIcon color="error" sx={{ fontSize: 64 }} />
          )}
          <Typography variant="body2" data-testid="document-file-name">
            {file.name}
          </Typography>
        </Box>
      )}
      <ErrorDialog message={error} onClose={() => setError(null)} />
    </Stack>
  );
}
