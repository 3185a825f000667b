import { accountTypeOf, userLevelOf, type AccountLevel, type AccountType } from '@vitrina/contracts';

/** spec 2 §3 user levels ul0..ul3, and `unknown` (levelUnknown) before the profile has loaded. */
export type UserLevel = AccountLevel | 'unknown';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';
/** `unavailable`: the profile could not be loaded after its retries (spec 2 §4: then silently ignored). */
export type ProfileStatus = 'idle' | 'loading' | 'ready' | 'unavailable';

export interface LevelInput {
  sessionStatus: SessionStatus;
  profileStatus: ProfileStatus;
  profile: { store_id: string | null | undefined; is_reseller: boolean } | null;
}

/**
 * spec 2 §4 user level derivation: unknown before load; 0 when there is no profile; 2 with a store_id;
 * 1 without a store but with the reseller flag.
 */
export function deriveUserLevel({ sessionStatus, profileStatus, profile }: LevelInput): UserLevel {
  if (sessionStatus === 'loading') return 'unknown';
  if (sessionStatus === 'anonymous') return 0;
  if (profileStatus === 'loading' || profileStatus === 'idle') return 'unknown';
  if (!profile) return 0;
  return userLevelOf(profile);
}

/** spec 2 §6: `orders-affinity` -> affinity, `dssupplier-admin` -> franchise, otherwise affiliate. */
export function deriveAccountType(keychain: readonly string[] | null | undefined): AccountType | null {
  return keychain ? accountTypeOf(keychain) : null;
}
