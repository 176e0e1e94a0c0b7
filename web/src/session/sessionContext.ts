import { createContext, useContext } from 'react';
import type { User } from '../api/types';

export interface SessionState {
  user: User | null;
  setUser: (user: User | null) => void;
}

export const SessionContext = createContext<SessionState>({ user: null, setUser: () => undefined });

export const useSession = (): SessionState => useContext(SessionContext);

/** The logged-in user; only for components rendered behind the authentication gate. */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser outside an authenticated route');
  return user;
}
