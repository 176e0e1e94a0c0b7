import { useRef } from 'react';
import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';

/** The file picker of the files screen: several DDD files at once. */
export function UploadButton({
  onFiles,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Button variant="contained" component="label" startIcon={<UploadFileIcon />} disabled={disabled}>
      {t('tacho.upload')}
      <input
        ref={input}
        type="file"
        hidden
        multiple
        data-testid="tacho-upload"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          if (input.current) input.current.value = '';
          onFiles(files);
        }}
      />
    </Button>
  );
}
