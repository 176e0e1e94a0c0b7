import {
  Box,
  Divider,
  Drawer,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
} from '@mui/material';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import type { MenuSection } from '../session/permissions';
import { MANUAL_URL } from '../session/routes';

export interface SideMenuProps {
  open: boolean;
  sections: MenuSection[];
  onClose: () => void;
  onContacts: () => void;
}

/**
 * Side menu: one entry per enabled route, grouped by section, then help (manual and contacts). Entries
 * are links: a middle click or "open in new tab" opens the screen beside this one.
 */
export function SideMenu({ open, sections, onClose, onContacts }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    <Drawer open={open} onClose={onClose} data-testid="side-menu">
      <Box sx={{ width: 280 }} role="navigation">
        {sections.map((section) => (
          <List
            key={section.id}
            dense
            subheader={<ListSubheader>{t(`section.${section.id}`)}</ListSubheader>}
          >
            {section.items.map((route) => (
              <ListItemButton
                key={route.path}
                component={RouterLink}
                to={route.path}
                selected={matchPath(route.path, pathname) !== null}
                onClick={onClose}
                data-testid="menu-item"
                data-path={route.path}
              >
                <ListItemText primary={t(route.title)} />
              </ListItemButton>
            ))}
          </List>
        ))}
        <Divider />
        <List dense subheader={<ListSubheader>{t('section.help')}</ListSubheader>}>
          <ListItemButton
            component="a"
            href={MANUAL_URL}
            target="_blank"
            rel="noopener"
            onClick={onClose}
            data-testid="menu-help-manual"
          >
            <ListItemIcon>
              <MenuBookIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('manual')} />
          </ListItemButton>
          <ListItemButton
            onClick={() => {
              onClose();
              onContacts();
            }}
            data-testid="menu-help-contacts"
          >
            <ListItemIcon>
              <ContactPhoneIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('contacts')} />
          </ListItemButton>
        </List>
      </Box>
    </Drawer>
  );
}
