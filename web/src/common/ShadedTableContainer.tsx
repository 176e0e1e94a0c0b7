import { useRef, type ReactNode } from 'react';
import { Box, TableContainer, type SxProps, type Theme } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { ScrollEdges } from './ScrollEdges';

/**
 * A table's scrolled box with the shades of ScrollEdges at the sides where more columns lie beyond it.
 * `testId` names the scrolled box (tests and the shades find it by it).
 */
export function ShadedTableContainer({
  testId,
  sx,
  children,
  ...data
}: {
  testId: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
  [attribute: `data-${string}`]: string | undefined;
}) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  return (
    <Box ref={box} sx={{ position: 'relative' }}>
      <ScrollEdges container={box} selector={`[data-testid="${testId}"]`} rtl={theme.direction === 'rtl'} />
      <TableContainer data-testid={testId} {...data} sx={sx}>
        {children}
      </TableContainer>
    </Box>
  );
}
