import { z } from 'zod';
import { listOf } from '../list.js';
import { AccountLevelSchema, AccountTypeSchema, LocaleSchema, ProfileMainTypeSchema } from './shared.js';
import { PACKAGE_IDS } from './memberships.js';

export const ProfileImagesSchema = z.strictObject({ url: z.string().nullable() }).meta({ id: 'ProfileImages' });
export type ProfileImages = z.infer<typeof ProfileImagesSchema>;

const publicProfileShape = {
  id: z.string(),
  name: z.string(),
  images: ProfileImagesSchema,
  main_type: ProfileMainTypeSchema,
  slug: z.string(),
  updated_at: z.string(),
  /** Last heartbeat (ISO) or null. */
  heartbeat: z.string().nullable(),
  online: z.boolean(),
};

/** spec 2 §3 profile, as anyone may see it. */
export const PublicProfileSchema = z.strictObject(publicProfileShape).meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const PublicProfileListSchema = listOf(PublicProfileSchema);
export type PublicProfileList = z.infer<typeof PublicProfileListSchema>;

/** The owner's own profile (`profile-admin`): what the web needs to derive the level and the account type. */
export const AdminProfileSchema = z
  .strictObject({
    ...publicProfileShape,
    full_name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
    country_code: z.string().nullable(),
    photo: z.string().nullable(),
    bio: z.string().nullable(),
    locale: LocaleSchema,
    /** The store the user owns (spec 2 §4: level 2), or null. */
    store_id: z.string().nullable(),
    /** That store's slug (its address `/tienda/{store_slug}/`), or null. */
    store_slug: z.string().nullable(),
    store_name: z.string().nullable(),
    /** The flag that makes a user without a store level 1 (resellers / entrepreneurs). */
    is_reseller: z.boolean(),
    level: AccountLevelSchema,
    keychain: z.array(z.string()),
    account_type: AccountTypeSchema,
    /** The package of the user's active (or in grace) membership, or null (issue 16). */
    plan_id: z.enum(PACKAGE_IDS).nullable(),
    /** The rate the user's resales earn now ('0.600000'): the plan's, else the platform's base rate. */
    plan_commission_rate: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminProfile' });
export type AdminProfile = z.infer<typeof AdminProfileSchema>;

/** `profile-admin /{me}/date`: the last heartbeat (ISO) and whether it counts as online. */
export const HeartbeatResponseSchema = z
  .strictObject({ date: z.string().nullable(), online: z.boolean() })
  .meta({ id: 'HeartbeatResponse' });
export type HeartbeatResponse = z.infer<typeof HeartbeatResponseSchema>;
