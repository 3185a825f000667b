import {
  accountTypeOf,
  formatRate,
  isOnline,
  packageById,
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

/** The user's store as the `store.shop` projection knows it. */
export interface OwnedShop {
  slug: string;
  name: string;
}

/**
 * The owner's own profile: contact data, what the web derives the level and account type from (spec 2 §4, §6),
 * and the address of the user's store (spec 2 §2 side menu 'my shop').
 */
const isPackageId = (id: string): id is NonNullable<AdminProfile['plan_id']> => packageById(id) !== undefined;

/** The plan part of the admin profile: the membership's package (or none) and the rate in force. */
export interface ProfilePlan {
  packageId: string | null;
  ppm: number;
}

export function adminProfile(user: ProfileSource, now: Date, shop: OwnedShop | null, plan: ProfilePlan): AdminProfile {
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
    store_slug: user.storeId && shop ? shop.slug : null,
    store_name: user.storeId && shop ? shop.name : null,
    is_reseller: user.isReseller,
    level: levelOf(user),
    keychain: [...user.keychain],
    account_type: accountTypeOf(user.keychain),
    plan_id: plan.packageId && isPackageId(plan.packageId) ? plan.packageId : null,
    plan_commission_rate: formatRate(plan.ppm),
    created_at: user.createdAt.toISOString(),
  };
}
