import { z } from 'zod';

/** Values the accounts answers share (accounts-limits.ts, accounts-events.ts name them as types). */
export const ChannelSchema = z.enum(['email', 'phone']);
export const LocaleSchema = z.enum(['es', 'en', 'es-AR']);
/** spec 2 §4 levels: 0 customer, 1 reseller/entrepreneur, 2 shop owner, 3 admin. */
export const AccountLevelSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const AccountTypeSchema = z.enum(['affinity', 'franchise', 'affiliate']);
export const ProfileMainTypeSchema = z.enum(['affinity', 'dssupplier', 'referral', 'business']);

/** `{ message }`: sign-out, activation resend. */
export const AccountsMessageSchema = z.strictObject({ message: z.string() }).meta({ id: 'AccountsMessage' });
export type MessageResponse = z.infer<typeof AccountsMessageSchema>;
