import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import '../app/i18n';
import { newUserDraft, type UserDraft } from './userForm';
import { UserProfileFields } from './UserProfileFields';

let saved: UserDraft;

function Form({ initial }: { initial: Partial<UserDraft> }) {
  const [user, setUser] = useState<UserDraft>({ ...newUserDraft(), name: 'Rui', ...initial });
  useEffect(() => {
    saved = user;
  }, [user]);
  return (
    <UserProfileFields
      user={user}
      timezone="Africa/Luanda"
      onChange={(change) => setUser((u) => ({ ...u, ...change }))}
    />
  );
}

const shown = () => screen.getByTestId('user-profile').textContent;
const open = () => {
  fireEvent.mouseDown(screen.getByTestId('user-profile'));
  return within(screen.getByRole('listbox'));
};
const pick = (profile: string) => fireEvent.click(open().getByTestId(`user-profile-${profile}`));

afterEach(cleanup);

describe('user profile choice (document 1 §6)', () => {
  it('offers the four profiles in Portuguese and sets the switches and userLimit of each', () => {
    render(<Form initial={{}} />);
    expect(shown()).toBe('Operador');
    expect(
      open()
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Desactivado', 'Limitado', 'Operador', 'Gestor']);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    for (const [profile, label, fields] of [
      ['disabled', 'Desactivado', { disabled: true, readonly: false, userLimit: 0 }],
      ['limited', 'Limitado', { disabled: false, readonly: true, userLimit: 0 }],
      ['manager', 'Gestor', { disabled: false, readonly: false, userLimit: 100 }],
      ['operator', 'Operador', { disabled: false, readonly: false, userLimit: 0 }],
    ] as const) {
      pick(profile);
      expect(shown()).toBe(label);
      expect(saved).toMatchObject(fields);
    }
    expect(screen.queryAllByText('Utilizador normal')).toHaveLength(1);
  });

  it('reads a stored user back into its profile', () => {
    for (const [fields, label] of [
      [{ disabled: true, readonly: true }, 'Desactivado'],
      [{ readonly: true }, 'Limitado'],
      [{ userLimit: 100 }, 'Gestor'],
      [{ userLimit: -1 }, 'Gestor'],
      [{}, 'Operador'],
    ] as const) {
      render(<Form initial={fields} />);
      expect(shown()).toBe(label);
      cleanup();
    }
  });

  it('shows manager, says why and offers no operator while settings.users is granted', () => {
    render(<Form initial={{ attributes: { permissions: ['settings.users'] } }} />);
    expect(shown()).toBe('Gestor');
    expect(screen.queryAllByText('Com a permissão Utilizadores, o perfil é sempre Gestor')).toHaveLength(1);
    const options = open();
    expect(options.getByTestId('user-profile-operator').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(options.getByTestId('user-profile-limited'));
    expect(shown()).toBe('Limitado');
    expect(saved).toMatchObject({ readonly: true, disabled: false });
  });
});
