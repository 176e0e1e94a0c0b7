import { useMemo, useState } from 'react';
import { Autocomplete, Box, Button, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../api/types';
import { filterRows } from '../listSearch';
import { addToSelection } from '../selection';

export interface PickerItem {
  id: number;
  label: string;
}

type Option = { kind: 'group'; group: Group } | { kind: 'item'; item: PickerItem };

interface Props {
  label: string;
  items: PickerItem[];
  /** Groups offered for expansion (only those with members). */
  groups: Group[];
  /** The ids of a group's members; may fetch them. */
  expand: (groupId: number) => number[] | Promise<number[]>;
  selected: number[];
  onChange: (ids: number[]) => void;
  testId: string;
  loading?: boolean;
}

const optionKey = (option: Option) =>
  option.kind === 'group' ? `group-${option.group.id}` : `item-${option.item.id}`;

/** A multiple choice of vehicles, drivers or zones; choosing a group adds all its members. */
export function ItemPicker({ label, items, groups, expand, selected, onChange, testId, loading }: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const value = useMemo<Option[]>(
    () =>
      selected
        .map((id) => byId.get(id))
        .filter((item): item is PickerItem => !!item)
        .map((item) => ({ kind: 'item', item })),
    [selected, byId],
  );
  const options = useMemo<Option[]>(
    () => [
      ...groups.map((group): Option => ({ kind: 'group', group })),
      ...items.map((item): Option => ({ kind: 'item', item })),
    ],
    [groups, items],
  );

  const pick = async (next: Option[]) => {
    const group = next.find((option) => option.kind === 'group');
    const ids = next.flatMap((option) => (option.kind === 'item' ? [option.item.id] : []));
    if (!group || group.kind !== 'group') {
      onChange(ids);
      return;
    }
    const members = (await expand(group.group.id)).filter((id) => byId.has(id));
    onChange(addToSelection(ids, members));
  };

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
    >
      <Autocomplete<Option, true, false, false>
        multiple
        disableCloseOnSelect
        size="small"
        limitTags={6}
        sx={{ flex: 1, minWidth: 0 }}
        loading={loading}
        options={options}
        value={value}
        inputValue={input}
        onInputChange={(_, text, reason) => reason !== 'reset' && setInput(text)}
        onChange={(_, next) => void pick(next)}
        groupBy={(option) => (option.kind === 'group' ? t('reports.groups') : label)}
        getOptionLabel={(option) => (option.kind === 'group' ? option.group.name : option.item.label)}
        getOptionKey={optionKey}
        isOptionEqualToValue={(a, b) => optionKey(a) === optionKey(b)}
        filterOptions={(list, state) =>
          filterRows(list, state.inputValue, (option) => [
            option.kind === 'group' ? option.group.name : option.item.label,
          ])
        }
        noOptionsText={t('noData')}
        renderOption={(props, option) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box
              component="li"
              key={key}
              {...rest}
              data-testid={
                option.kind === 'group'
                  ? `${testId}-group-${option.group.id}`
                  : `${testId}-option-${option.item.id}`
              }
            >
              {option.kind === 'group'
                ? `${option.group.name} (${t('reports.wholeGroup')})`
                : option.item.label}
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            placeholder={selected.length ? '' : t('search')}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
            }}
          />
        )}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexShrink: 0 }}>
        <Button
          size="small"
          onClick={() => onChange(items.map((item) => item.id))}
          disabled={items.length === 0}
          data-testid={`${testId}-all`}
          sx={{ mt: 0.5 }}
        >
          {t('reports.all')}
        </Button>
        <Button
          size="small"
          onClick={() => onChange([])}
          disabled={selected.length === 0}
          data-testid={`${testId}-clear`}
          sx={{ mt: 0.5 }}
        >
          {t('reports.clear')}
        </Button>
      </Stack>
    </Stack>
  );
}
