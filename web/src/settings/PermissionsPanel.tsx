import { Box, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { User } from '../api/types';
import { useAreas } from '../session/areas';
import { holds, offeredGroups, permissionGroups, toggleGroup, toggleItem } from './permissionTree';

interface Props {
  editor: User | null;
  value: string[];
  onChange: (permissions: string[]) => void;
}

/** Menu groups and items the editing user holds; a group's box turns all its items on or off. */
export function PermissionsPanel({ editor, value, onChange }: Props) {
  const { t } = useTranslation();
  const areas = useAreas();
  const groups = offeredGroups(editor, areas);
  // every item of the panel, to expand a wider permission held (`reports`) when one of its items goes off
  const all = permissionGroups(areas).flatMap((group) => group.items.map((item) => item.permission));
  return (
    <Stack spacing={1} data-testid="permissions-panel">
      <Typography variant="subtitle2">{t('settings.permissions')}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {groups.map((group) => {
          const on = group.items.filter((item) => holds(value, item.permission)).length;
          return (
            <Box key={group.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={on === group.items.length}
                    indeterminate={on > 0 && on < group.items.length}
                    onChange={() => onChange(toggleGroup(value, group, all))}
                    slotProps={{ input: { 'data-testid': `permission-group-${group.id}` } as object }}
                  />
                }
                label={
                  <strong>
                    {group.id === 'global' ? t('settings.globalPermissions') : t(`section.${group.id}`)}
                  </strong>
                }
              />
              <Stack sx={{ pl: 3 }}>
                {group.items.map((item) => (
                  <FormControlLabel
                    key={item.permission}
                    control={
                      <Checkbox
                        size="small"
                        checked={holds(value, item.permission)}
                        onChange={() => onChange(toggleItem(value, item.permission, all))}
                        slotProps={{ input: { 'data-testid': `permission-${item.permission}` } as object }}
                      />
                    }
                    label={t(item.title)}
                  />
                ))}
              </Stack>
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}
