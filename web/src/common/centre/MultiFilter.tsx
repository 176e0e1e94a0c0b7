import { useMemo } from 'react';
import { Autocomplete, Chip, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ALL, applyAllRule } from './allRule';

export interface FilterOption {
  value: string;
  label: string;
}

export interface MultiFilterProps {
  label: string;
  options: readonly FilterOption[];
  value: string[];
  onChange: (value: string[]) => void;
  /** test id of the input; options carry `{testId}-option`, chips `{testId}-chip` */
  testId: string;
}

/** A multi-select filter with "all" as its first option, under the rule of allRule. */
export function MultiFilter({ label, options, value, onChange, testId }: MultiFilterProps) {
  const { t } = useTranslation();
  const all = useMemo(() => [{ value: ALL, label: t('alerts.all') }, ...options], [options, t]);
  const byValue = useMemo(() => new Map(all.map((option) => [option.value, option])), [all]);
  const selected = value.map((v) => byValue.get(v)).filter((o): o is FilterOption => !!o);
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      size="small"
      options={all}
      value={selected}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_event, items) =>
        onChange(
          applyAllRule(
            value,
            items.map((item) => item.value),
          ),
        )
      }
      disableClearable={value.length === 1 && value[0] === ALL}
      renderOption={(props, option, { selected: isSelected }) => (
        <li
          {...props}
          key={option.value}
          data-testid={`${testId}-option`}
          data-value={option.value}
          aria-selected={isSelected}
        >
          {option.label}
        </li>
      )}
      renderValue={(items, getItemProps) =>
        items.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              label={option.label}
              size="small"
              {...itemProps}
              onDelete={option.value === ALL ? undefined : itemProps.onDelete}
              data-testid={`${testId}-chip`}
              data-value={option.value}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
      sx={{ minWidth: 200, flex: '1 1 200px' }}
    />
  );
}
