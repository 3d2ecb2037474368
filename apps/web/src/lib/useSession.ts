import { useMemo, useSyncExternalStore } from 'react';
import { getSession, getSessionVersion, subscribeSession, type Session } from './session';

/** The stored session, re-rendering when it changes (login, refresh, logout, other tabs). */
export function useSession(): Session | null {
  const version = useSyncExternalStore(subscribeSession, getSessionVersion);
  // `version` changes exactly when the stored session does.
  return useMemo(() => (version >= 0 ? getSession() : null), [version]);
}
