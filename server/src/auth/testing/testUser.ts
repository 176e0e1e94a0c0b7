/** A user as the API reads it, for unit tests below the database: a plain user unless `o` says otherwise. */
import type { User } from '../../db/rows';

export const testUser = (o: Partial<User> = {}): User => ({
  id: 1,
  name: 'u',
  email: 'u@x.ao',
  phone: null,
  readonly: false,
  administrator: false,
  disabled: false,
  expirationTime: null,
  userLimit: 0,
  deviceLimit: -1,
  token: null,
  attributes: {},
  ...o,
});
