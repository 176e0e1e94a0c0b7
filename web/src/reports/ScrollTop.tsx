import { useEffect, useState, type RefObject } from 'react';
import { Fab, Zoom } from '@mui/material';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { useTranslation } from 'react-i18next';

/** A button that appears when `target` (the filter form) is out of view and scrolls back to it. */
export function ScrollTop({ target }: { target: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setHidden(!entry.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return (
    <Zoom in={hidden}>
      <Fab
        color="primary"
        size="small"
        aria-label={t('reports.scrollTop')}
        onClick={() => target.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
        sx={{ position: 'fixed', bottom: 24, insetInlineEnd: 24, zIndex: 1100 }}
        data-testid="report-scroll-top"
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}
