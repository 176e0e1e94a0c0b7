import { useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';

/**
 * A user's API token in the user form: a credential, so hidden like a password until the editor asks to
 * see it (someone looking over the shoulder, a screenshot of the form), and read-only.
 */
export function TokenField({ label, token, showLabel }: { label: string; token: string; showLabel: string }) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      label={label}
      value={token}
      type={shown ? 'text' : 'password'}
      slotProps={{
        htmlInput: { readOnly: true, 'data-testid': 'user-token', autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={showLabel}
                aria-pressed={shown}
                onClick={() => setShown((value) => !value)}
                edge="end"
                data-testid="user-token-show"
              >
                {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
