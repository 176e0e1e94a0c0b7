import { FormControl, InputLabel, OutlinedInput } from '@mui/material';

/**
 * An outlined text field built from its parts: MUI's TextField also brings the select menu's code, which
 * the login page (part of the first load) does not need.
 */
export function LoginField({
  id,
  label,
  type,
  autoComplete,
  value,
  onChange,
  autoFocus,
}: {
  id: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <FormControl variant="outlined" fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoFocus={autoFocus}
        inputProps={{ 'data-testid': id }}
      />
    </FormControl>
  );
}
