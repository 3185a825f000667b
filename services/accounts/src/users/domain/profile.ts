import {
  accountTypeOf,
  isOnline,
  mainTypeOf,
  userLevelOf,
  type AccountLevel,
  type AdminProfile,
  type Locale,
  type PublicProfile,
} from '@vitrina/contracts';

/** The account fields a profile is made of (a users row fits). */
export interface ProfileSource {
  id: string;
  fullName: string;
  email: string | null;
  phoneNational: string | null;
  country: string | null;
  countryCode: string | null;
  photo: string | null;
  bio: string | null;
  locale: Locale;
  keychain: string[];
  storeId: string | null;
  isReseller: boolean;
  slug: string;
  heartbeatAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function levelOf(user: Pick<ProfileSource, 'storeId' | 'isReseller'>): AccountLevel {
  return userLevelOf({ store_id: user.storeId, is_reseller: user.isReseller });
}

/** spec 2 §3 profile as anyone may see it: no contact data. */
export function publicProfile(user: ProfileSource, now: Date): PublicProfile {
  return {
    id: user.id,
    name: user.fullName,
    images: { url: user.photo },
    main_type: mainTypeOf({ keychain: user.keychain, store_id: user.storeId }),
    slug: user.slug,
    updated_at: user.updatedAt.toISOString(),
    heartbeat: user.heartbeatAt?.toISOString() ?? null,
    online: isOnline(user.heartbeatAt, now),
  };
}

/** The owner's own profile: contact data and what the web derives the level and account type from (spec 2 §4, §6). */
export function adminProfile(user: ProfileSource, now: Date): AdminProfile {
  return {
    ...publicProfile(user, now),
    full_name: user.fullName,
    email: user.email,
    phone: user.phoneNational,
    country: user.country,
    country_code: user.countryCode,
    photo: user.photo,
    bio: user.bio,
    locale: user.locale,
    store_id: user.storeId,
    is_reseller: user.isReseller,
    level: levelOf(user),
    keychain: [...user.keychain],
    account_type: accountTypeOf(user.keychain),
    created_at: user.createdAt.toISOString(),
  };
}
