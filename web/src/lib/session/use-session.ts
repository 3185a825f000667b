import type { AccountLevel, AccountType, AdminProfile, CollaboratorRole } from '@vitrina/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { adminProfileQueryOptions } from './get-admin-profile';
import { sessionStore } from './session-store';
import { deriveAccountType, deriveUserLevel, type ProfileStatus, type SessionStatus, type UserLevel } from './user-level';

/** The signed-in user as the access token describes them (docs/architecture.md §3). */
export interface SessionUser {
  id: string;
  level: AccountLevel;
  keychain: string[];
  /** The shops they collaborate in: the shop owner's id → the role the owner gave them (issue 16). */
  collaborations: Readonly<Record<string, CollaboratorRole>>;
}

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  /** `profile-admin` of the signed-in user; null while loading, when signed out, or when it could not load. */
  profile: AdminProfile | null;
  profileStatus: ProfileStatus;
  /** spec 2 §4 derived level (`unknown` before load). */
  level: UserLevel;
  /** spec 2 §6 account type from the keychain; null when signed out. */
  accountType: AccountType | null;
  /** Header skeletons show while this is true (spec 1 §2 'Header bar'). */
  isLoading: boolean;
}

/** Subscribes to the tab's session (and starts it on first use: the refresh cookie is tried once). */
export function useSessionSnapshot() {
  useEffect(() => sessionStore.start(), []);
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, sessionStore.getSnapshot);
}

/**
 * The current user, profile, level and account type. The profile load retries 3 times 3 s apart, then
 * is silently ignored (spec 2 §4): `profileStatus` becomes `unavailable` and no error is shown.
 */
export function useSession(): Session {
  const { status, auth } = useSessionSnapshot();
  const meID = auth?.meID ?? null;
  const profileQuery = useQuery({
    ...adminProfileQueryOptions(meID ?? ''),
    enabled: status === 'authenticated' && meID !== null,
  });
  const profile = status === 'authenticated' ? (profileQuery.data ?? null) : null;
  const profileStatus: ProfileStatus =
    status !== 'authenticated' ? 'idle' : profile ? 'ready' : profileQuery.isError ? 'unavailable' : 'loading';
  const user: SessionUser | null = auth
    ? { id: auth.meID, level: auth.level, keychain: auth.keychain, collaborations: auth.collaborations ?? {} }
    : null;
  const level = deriveUserLevel({ sessionStatus: status, profileStatus, profile });
  return {
    status,
    user,
    profile,
    profileStatus,
    level,
    accountType: status === 'authenticated' ? deriveAccountType(profile?.keychain ?? auth?.keychain) : null,
    isLoading: level === 'unknown',
  };
}
