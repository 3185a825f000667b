import { z } from 'zod';
import { listOf } from '../list.js';

/** spec 1 §6 roles a shop owner can give a collaborator; spec 3 §7 'Collaborators'. */
export const COLLABORATOR_ROLES = ['admin', 'accountant', 'dispatcher', 'qrreader'] as const;
export const CollaboratorRoleSchema = z.enum(COLLABORATOR_ROLES);
export type CollaboratorRole = z.infer<typeof CollaboratorRoleSchema>;

/**
 * What each kind of shop work admits besides the owner (issue 16: 'an admin collaborator edits the storefront; a
 * dispatcher advances and packs orders; a qrreader checks tickets in; an accountant reads orders and the shop's
 * wallet'). Routes opt in with `@OwnerPath(param, { collaborators: CollaboratorAccess.… })`; the roles come from the
 * access token's `col` claim. Money leaving the shop (refunds, cash-outs) stays with the owner and the admin.
 */
export const CollaboratorAccess = {
  /** The storefront and its catalogues: shop settings, banners, headers, items in the store, franchises, gallery. */
  storefront: ['admin'],
  /** Reading the shop's orders, returns and receipts. */
  ordersRead: ['admin', 'accountant', 'dispatcher'],
  /** Moving orders along, quoting, cancelling, packing, return notes and labels. */
  ordersWork: ['admin', 'dispatcher'],
  /** Refunds and closing returns. */
  refunds: ['admin'],
  /** Reading the owner's wallets. */
  walletRead: ['admin', 'accountant'],
  /** Checking tickets in at the door. */
  checkIn: ['admin', 'qrreader'],
} as const satisfies Record<string, readonly CollaboratorRole[]>;

export const CollaboratorLimits = {
  /** spec 1 §2 'Shop side menu': 5 at a time. */
  pageSize: 5,
  pageMax: 50,
  usernameMin: 3,
  usernameMax: 254,
  /** The access token's `col` claim carries at most this many collaborations. */
  claimMax: 50,
} as const;

export const CollaboratorErrorCodes = {
  shopRequired: 'shop_required',
  userNotFound: 'user_not_found',
  exists: 'collaborator_exists',
  isOwner: 'collaborator_is_owner',
  notFound: 'collaborator_not_found',
} as const;
export type CollaboratorErrorCode = (typeof CollaboratorErrorCodes)[keyof typeof CollaboratorErrorCodes];

/** A person the caller's shop works with; username is the e-mail or phone they sign in with. */
export const CollaboratorSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    name: z.string(),
    username: z.string(),
    photo: z.string().nullable(),
    role: CollaboratorRoleSchema,
    created_at: z.string(),
  })
  .meta({ id: 'Collaborator' });
export type Collaborator = z.infer<typeof CollaboratorSchema>;
export const CollaboratorListSchema = listOf(CollaboratorSchema).meta({ id: 'CollaboratorList' });
export type CollaboratorList = z.infer<typeof CollaboratorListSchema>;

export const CollaboratorCreateSchema = z
  .strictObject({
    username: z.string().min(CollaboratorLimits.usernameMin).max(CollaboratorLimits.usernameMax),
    role: CollaboratorRoleSchema,
  })
  .meta({ id: 'CollaboratorCreate' });
export type CollaboratorCreate = z.infer<typeof CollaboratorCreateSchema>;

export const CollaboratorPatchSchema = z.strictObject({ role: CollaboratorRoleSchema }).meta({ id: 'CollaboratorPatch' });
export type CollaboratorPatch = z.infer<typeof CollaboratorPatchSchema>;

/** A shop where the caller is a collaborator (the 'Collaborations' list); url is '/tienda/{slug}/'. */
export const CollaboratorProfileSchema = z
  .object({
    shop_id: z.string(),
    name: z.string(),
    slug: z.string(),
    photo: z.string().nullable(),
    url: z.string(),
    role: CollaboratorRoleSchema,
  })
  .meta({ id: 'CollaboratorProfile' });
export type CollaboratorProfile = z.infer<typeof CollaboratorProfileSchema>;
export const CollaboratorProfileListSchema = listOf(CollaboratorProfileSchema).meta({ id: 'CollaboratorProfileList' });
export type CollaboratorProfileList = z.infer<typeof CollaboratorProfileListSchema>;
