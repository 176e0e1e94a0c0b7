import { useState, type DragEvent, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';

const carriesFiles = (event: DragEvent): boolean => [...event.dataTransfer.types].includes('Files');

/** The files screen as a drop target: files dragged over it are uploaded, with a hint while they hover. */
export function UploadDropZone({
  onFiles,
  disabled,
  children,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const accept = (event: DragEvent) => {
    if (disabled || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  return (
    <Box
      data-testid="tacho-upload-zone"
      onDragEnter={accept}
      onDragOver={accept}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (disabled || !carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        onFiles([...event.dataTransfer.files]);
      }}
      sx={{ position: 'relative', height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      {children}
      {over && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            zIndex: 10,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            border: 3,
            borderStyle: 'dashed',
            borderColor: 'primary.main',
            borderRadius: 2,
            bgcolor: (theme) => `${theme.palette.background.paper}e6`,
            pointerEvents: 'none',
          }}
        >
          <UploadFileIcon color="primary" sx={{ fontSize: 56 }} />
          <Typography variant="h6" color="primary">
            {t('tacho.dropHere')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
