import { z } from 'zod';
import { listOf } from '../list.js';

/**
 * Bell alerts (issue 15; spec 2 §2 'Bell alerts', §3 'Alert', §4, §7 'Alert link targets by origin'): one for every
 * event a user should know about, made by messaging from the other services' events. Routes (group `alerts`):
 * - `GET /alerts/{me}:{me}?offset=&limit=` newest first, in chunks of 10 (offset = the number loaded);
 * - `GET /alerts/{me}:{me}/pending` the bell's count (alerts not seen yet);
 * - `POST /alerts/{me}:{me}/seen` opening the panel clears that count;
 * - `PATCH /alerts/{me}:{me}/{id}` a click marks the alert visited (`pending_visits` false).
 */

/**
 * spec 2 §3 'Alert': origin_app, the area the alert comes from (its link follows the §7 table). `contact`: a visitor
 * wrote to the owner's shop through its contact modal (the link is the entry, `/me/inbox/{id}`). `messages`: a message
 * reached an offline user's conversation (the link is `/me/inbox/conversation/{conversationId}`). `social`: someone
 * started following the user (type `followed`; the link is `/me/inbox/`, the web has no public profile page).
 */
export const ALERT_ORIGINS = ['orders', 'returns', 'payments', 'wallet', 'contact', 'messages', 'social', 'memberships'] as const;
export type AlertOrigin = (typeof ALERT_ORIGINS)[number];

/** What happened (params.type). */
export const ALERT_TYPES = [
  'order_placed',
  'order_advanced',
  'order_cancelled',
  'order_delivered',
  'return_opened',
  'return_label_issued',
  'return_refunded',
  'return_closed',
  'payment_succeeded',
  'payment_failed',
  'payment_expired',
  'wallet_credited',
  'contact_received',
  'message_received',
  'followed',
  'membership_activated',
  'membership_renewal_due',
  'membership_lapsed',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** Whose alert it is: the link target depends on it (spec 2 §4 'Alert-link target depends on whether the user is…'). */
export const ALERT_ROLES = ['customer', 'supplier', 'dssupplier', 'shop_admin'] as const;
export type AlertRole = (typeof ALERT_ROLES)[number];

export const AlertLimits = { page: 10, pageMax: 50 } as const;

export const AlertErrorCodes = { alertNotFound: 'alert_not_found' } as const;

export const AlertParamsSchema = z
  .object({
    type: z.enum(ALERT_TYPES),
    /** The detail of the type: the order's new state, the refund's destination, the ledger kind… */
    subtype: z.string().nullable(),
    role: z.enum(ALERT_ROLES),
    order: z.string().nullable(),
    customer: z.string().nullable(),
    supplier: z.string().nullable(),
    dssupplier: z.string().nullable(),
    return_id: z.string().nullable(),
    wallet_type_id: z.string().nullable(),
    checkout_aggregation: z.string().nullable(),
    amount_minor: z.number().int().nullable(),
    currency: z.string().nullable(),
  })
  .meta({ id: 'AlertParams' });
export type AlertParams = z.infer<typeof AlertParamsSchema>;

export const AlertSchema = z
  .object({
    id: z.string(),
    origin_app: z.enum(ALERT_ORIGINS),
    params: AlertParamsSchema,
    /** The text per locale (es, en, es-AR); an empty one shows 'No message' (spec 2 §2). */
    message_body: z.object({ es: z.string(), en: z.string(), 'es-AR': z.string() }),
    /** Where a click goes, for the recipient's role (spec 2 §7 'Alert link targets by origin'); null when nowhere. */
    link: z.string().nullable(),
    created_at: z.string(),
    /** Not clicked yet (styled as pending). */
    pending_visits: z.boolean(),
  })
  .meta({ id: 'Alert' });
export type Alert = z.infer<typeof AlertSchema>;

export const AlertListSchema = listOf(AlertSchema).meta({ id: 'AlertList' });
export type AlertList = z.infer<typeof AlertListSchema>;

/** The bell's badge: alerts created since the panel was last opened. */
export const AlertPendingSchema = z.object({ pending: z.number().int() }).meta({ id: 'AlertPending' });
export type AlertPending = z.infer<typeof AlertPendingSchema>;
