import { Autocomplete, Chip, TextField } from '@mui/material';
import { compareText } from './listSearch';

export interface IdOption {
  id: number;
  name: string;
}

export interface IdSelectProps {
  label: string;
  options: readonly IdOption[];
  value: number[];
  onChange: (ids: number[]) => void;
  /** test id of the input; each chip carries `{testId}-chip` */
  testId: string;
  disabled?: boolean;
  helperText?: string;
  error?: boolean;
}

const byName = (a: IdOption, b: IdOption) => compareText(a.name, b.name);

/** Picks several items by name (associations of a settings form); ids not among the options are kept. */
export function IdMultiSelect({
  label,
  options,
  value,
  onChange,
  testId,
  disabled,
  helperText,
  error,
}: IdSelectProps) {
  const sorted = [...options].sort(byName);
  const known = new Map(options.map((o) => [o.id, o]));
  const selected = value.map((id) => known.get(id)).filter((o): o is IdOption => !!o);
  const unknown = value.filter((id) => !known.has(id));
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={sorted}
      value={selected}
      disabled={disabled}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, items) => onChange([...unknown, ...items.map((o) => o.id)])}
      renderOption={(props, option) => (
        <li {...props} key={option.id} data-testid={`${testId}-option`}>
          {option.name}
        </li>
      )}
      renderValue={(items, getItemProps) =>
        items.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip key={key} label={option.name} size="small" {...itemProps} data-testid={`${testId}-chip`} />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          helperText={helperText}
          error={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
