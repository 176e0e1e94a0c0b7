import { useState, type ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Collapse,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';

export interface CentreLayoutProps {
  title: string;
  /** test ids: `{idPrefix}-filters-toggle` */
  idPrefix: string;
  filtersLabel: string;
  /** filters not on "all", shown on the phone's filter button */
  activeFilters: number;
  filters: ReactNode;
  /** beside the title (a settings menu) */
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/**
 * The layout of the big filtered tables (the alert central, the refill centre): the title with its actions,
 * the filters (folded behind a button with the count of active ones on a phone), then the table and what
 * goes with it.
 */
export function CentreLayout(props: CentreLayoutProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', p: { xs: 1, sm: 2 }, gap: 1 }}
      data-testid={props.testId}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
          {props.title}
        </Typography>
        {phone && (
          <Button
            startIcon={
              <Badge badgeContent={props.activeFilters} color="primary">
                <FilterListIcon />
              </Badge>
            }
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            data-testid={`${props.idPrefix}-filters-toggle`}
          >
            {props.filtersLabel}
          </Button>
        )}
        {props.actions}
      </Stack>
      {phone ? (
        <Collapse in={filtersOpen}>
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            {props.filters}
          </Paper>
        </Collapse>
      ) : (
        props.filters
      )}
      {props.children}
    </Box>
  );
}
