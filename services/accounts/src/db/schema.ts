import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { idempotencyKeysTable, platformTables } from '@vitrina/platform';

/** Every table of the accounts service lives in the PostgreSQL schema `accounts`. */
export const accountsSchema = pgSchema('accounts');

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per account, pending (registered, not activated) or active. E-mail and phone are unique across
 * both: registering again with the contact data of a pending account takes that registration over.
 */
export const users = accountsSchema.table(
  'users',
  {
    id: text('id').primaryKey(),
    /** Lower-cased, without spaces. */
    email: text('email'),
    /** E.164: `+{country_code}{phone}`. */
    phone: text('phone'),
    phoneNational: text('phone_national'),
    country: text('country'),
    countryCode: text('country_code'),
    fullName: text('full_name').notNull(),
    /** argon2id PHC string. */
    passwordHash: text('password_hash'),
    status: text('status').$type<'pending' | 'active'>().notNull().default('pending'),
    /** Channel the account registered with. */
    channel: text('channel').$type<'email' | 'phone'>().notNull(),
    locale: text('locale').$type<'es' | 'en' | 'es-AR'>().notNull().default('es'),
    keychain: jsonb('keychain')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** spec 2 §4: the flag that makes a user without a store level 1. */
    isReseller: boolean('is_reseller').notNull().default(false),
    /** The store the user owns, from `store.shop.created` (spec 2 §4: level 2). */
    storeId: text('store_id'),
    photo: text('photo'),
    bio: text('bio'),
    slug: text('slug').notNull(),
    /** The registration's sign-up came through a shop variant that allows skipping the PIN. */
    canSkipPin: boolean('can_skip_pin').notNull().default(false),
    /** Affiliate parameters and the shop of the registration. */
    signup: jsonb('signup')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** SHA-256 of the registration `code` handed to the registrant for the PIN step. */
    registrationCodeHash: text('registration_code_hash'),
    heartbeatAt: at('heartbeat_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    activatedAt: at('activated_at'),
    /** When the contact was proven (PIN or link); null when the PIN step was skipped. */
    verifiedAt: at('verified_at'),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_slug_uq').on(t.slug),
    uniqueIndex('users_registration_code_uq').on(t.registrationCodeHash),
    index('users_phone_national_idx').on(t.phoneNational),
    index('users_store_idx').on(t.storeId),
    // Housekeeping finds abandoned registrations.
    index('users_pending_idx')
      .on(t.updatedAt)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * One-time codes (PIN at registration, resend or channel switch; password-reset code). The code is stored
 * only as an HMAC keyed with ACCOUNTS_PIN_SECRET. Only the newest live code of a user and purpose counts:
 * issuing one invalidates the others.
 */
export const oneTimeCodes = accountsSchema.table(
  'one_time_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    purpose: text('purpose').$type<'activation' | 'password_reset'>().notNull(),
    channel: text('channel').$type<'email' | 'phone'>().notNull(),
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Wrong tries against this code. */
    attempts: integer('attempts').notNull().default(0),
    /** Activation link key (HMAC), with its own, longer expiry. */
    linkKeyHash: text('link_key_hash'),
    linkExpiresAt: at('link_expires_at'),
    /** Password reset: SHA-256 of the request `code` handed to the requester. */
    requestCodeHash: text('request_code_hash'),
    consumedAt: at('consumed_at'),
    invalidatedAt: at('invalidated_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('one_time_codes_user_idx').on(t.userId, t.purpose, t.createdAt),
    uniqueIndex('one_time_codes_link_uq').on(t.linkKeyHash),
    uniqueIndex('one_time_codes_request_uq').on(t.requestCodeHash),
    index('one_time_codes_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Counted events for limits over sliding windows: wrong codes per account, codes sent per destination, IP and
 * account. Rows older than two days are pruned. (Sign-in failures live in sign_in_throttles.)
 */
export const rateEvents = accountsSchema.table(
  'rate_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('rate_events_lookup_idx').on(t.bucket, t.subject, t.at)],
);

/**
 * Sign-in throttling (NIST SP 800-63B-4 §3.2.2; rules in src/sessions/domain/sign-in-throttle.ts). One row per
 * (account, client): `account_key` is `u:{user id}` (or the identifier of an unknown account, treated alike), or `*`
 * for a network's budget across accounts; `client_key` is `d:{device hash}` or `n:{IPv4 | IPv6 /64}`. Failures are
 * charged before the password is checked, under a row lock, so parallel guesses cannot slip past a wait.
 */
export const signInThrottles = accountsSchema.table(
  'sign_in_throttles',
  {
    accountKey: text('account_key').notNull(),
    clientKey: text('client_key').notNull(),
    /** Consecutive failures (client budget) or failures in the current window (network budget). */
    failures: integer('failures').notNull().default(0),
    windowStartedAt: at('window_started_at').notNull(),
    lastFailureAt: at('last_failure_at').notNull(),
    /** No attempt before this (the growing delay). */
    blockedUntil: at('blocked_until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountKey, t.clientKey] }), index('sign_in_throttles_last_failure_idx').on(t.lastFailureAt)],
);

/**
 * Devices (browsers) that signed in to an account: the long-lived httpOnly device cookie holds a random token, stored
 * here only as SHA-256. A device the account knows keeps its own failure budget and skips the network's (OWASP device
 * cookies). One token may be bound to several accounts (people sharing a browser).
 */
export const trustedDevices = accountsSchema.table(
  'trusted_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id').notNull(),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index('trusted_devices_last_used_idx').on(t.lastUsedAt)],
);

/** A sign-in: the family of its rotating refresh tokens. Revoking it ends every token of the family. */
export const sessions = accountsSchema.table(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    createdAt: at('created_at').notNull(),
    revokedAt: at('revoked_at'),
    revokeReason: text('revoke_reason').$type<'logout' | 'reuse' | 'password_reset'>(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Refresh tokens, stored as SHA-256 of 256 random bits. A rotated token presented again revokes its session, except
 * within a few seconds of its rotation (a second tab racing the first), when it gets the rotation's answer again.
 */
export const refreshTokens = accountsSchema.table(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    rotatedAt: at('rotated_at'),
    /** The token that replaced this one when it was rotated. */
    replacedBy: text('replaced_by'),
    /**
     * The answer of that rotation (new refresh token and auth result), sealed with a key derived from this token
     * (never stored in clear): a second tab presenting this token within the grace window gets the same pair.
     * Cleared by housekeeping once the window is over.
     */
    successorSealed: text('successor_sealed'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
    index('refresh_tokens_expires_idx').on(t.expiresAt),
    index('refresh_tokens_sealed_idx')
      .on(t.rotatedAt)
      .where(sql`successor_sealed is not null`),
  ],
);

/** spec 2 §4 follow / unfollow (subscription-public). */
export const follows = accountsSchema.table(
  'follows',
  {
    followerId: text('follower_id').notNull(),
    followeeId: text('followee_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index('follows_followee_idx').on(t.followeeId)],
);

/** spec 2 §3 setup tour per user and app (setup-apps). */
export const setupTours = accountsSchema.table(
  'setup_tours',
  {
    userId: text('user_id').notNull(),
    app: text('app').notNull(),
    showTour: boolean('show_tour').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.app] })],
);

/** Projection of `store.shop` events: which shops exist and who owns them. */
export const shops = accountsSchema.table(
  'shops',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    slug: text('slug').notNull(),
    storeType: text('store_type').notNull(),
    name: text('name').notNull(),
    /**
     * The shop's sign-up variant when its events say (`signupForm`): 'complete' | 'basic' allow skipping the PIN,
     * 'none' forbids it; null while the events carry no such field (then the registration's `signup_form` decides).
     */
    signupForm: text('signup_form').$type<'complete' | 'basic' | 'none'>(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('shops_slug_uq').on(t.slug), index('shops_owner_idx').on(t.ownerId)],
);

/**
 * Wallets (issue 14): the append-only double-entry ledger. An account per (kind, user, currency): 'user' accounts
 * are wallets; 'clearing' holds what the platform captured until it settles; 'platform' takes fees; 'payouts' holds
 * cash-outs while an operator pays them. `balance_minor` is the sum of the account's entries, bumped in the posting
 * transaction (a test recomputes it).
 */
export const ledgerAccounts = accountsSchema.table(
  'ledger_accounts',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<'user' | 'clearing' | 'platform' | 'payouts'>().notNull(),
    /** null for the clearing, platform and payouts accounts. */
    userId: text('user_id'),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    /**
     * What was credited since `credits_since` (a weekly cut-off): the funds still held, kept with the balance by the
     * same upsert, so a wallet read is one row however many credits the week had.
     */
    creditsSince: at('credits_since'),
    periodCreditsMinor: bigint('period_credits_minor', { mode: 'number' }).notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [unique('ledger_accounts_kind_user_currency_uq').on(t.kind, t.userId, t.currency).nullsNotDistinct()],
);

/** One posting: its entries sum to zero. (kind, ref) is unique, so a dispersion, claw-back or cash-out posts once. */
export const ledgerTransactions = accountsSchema.table(
  'ledger_transactions',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<'dispersion' | 'clawback' | 'refund_credit' | 'cashout' | 'cashout_reversal'>().notNull(),
    /** dispersion: the order id; clawback and refund_credit: the refund id; cashout(_reversal): the cash-out id. */
    ref: text('ref').notNull(),
    orderId: text('order_id'),
    currency: text('currency').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('ledger_transactions_kind_ref_uq').on(t.kind, t.ref), index('ledger_transactions_order_idx').on(t.orderId)],
);

/** The movements: signed amounts, each with the account's balance after it. UPDATE and DELETE are refused (trigger). */
export const ledgerEntries = accountsSchema.table(
  'ledger_entries',
  {
    id: text('id').primaryKey(),
    transactionId: text('transaction_id').notNull(),
    accountId: text('account_id').notNull(),
    part: text('part').$type<'supplier' | 'dssupplier' | 'reseller' | 'shipping' | 'platform' | 'customer'>(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index('ledger_entries_transaction_idx').on(t.transactionId),
  ],
);

/**
 * What the wallets will settle for a delivered order (`orders.order.delivered` settlement terms), due at its return
 * deadline. `settled_at` is set once, with the dispersion (none for pay-later orders).
 */
export const settlements = accountsSchema.table(
  'settlements',
  {
    orderId: text('order_id').primaryKey(),
    customerId: text('customer_id').notNull(),
    currency: text('currency').notNull(),
    capturedMinor: bigint('captured_minor', { mode: 'number' }).notNull(),
    goodsMinor: bigint('goods_minor', { mode: 'number' }).notNull(),
    shippingMinor: bigint('shipping_minor', { mode: 'number' }).notNull(),
    financingMinor: bigint('financing_minor', { mode: 'number' }).notNull(),
    marginMinor: bigint('margin_minor', { mode: 'number' }).notNull(),
    supplierId: text('supplier_id').notNull(),
    dssupplierId: text('dssupplier_id'),
    resellerId: text('reseller_id'),
    shipperId: text('shipper_id').notNull(),
    /** The reseller's plan rate (ppm of the margin) when the order was delivered; null: the configured base rate. */
    commissionPpm: integer('commission_ppm'),
    dueAt: at('due_at').notNull(),
    settledAt: at('settled_at'),
    dispersionTransactionId: text('dispersion_transaction_id'),
    createdAt: at('created_at').notNull(),
  },
  // The sweep reads unsettled rows by due date.
  (t) => [
    index('settlements_due_idx')
      .on(t.dueAt)
      .where(sql`settled_at is null`),
  ],
);

/** Return requests of orders (opened and/or closed, in whatever order their events arrive). */
export const settlementReturns = accountsSchema.table(
  'settlement_returns',
  {
    returnId: text('return_id').primaryKey(),
    orderId: text('order_id').notNull(),
    closedAt: at('closed_at'),
  },
  (t) => [index('settlement_returns_order_idx').on(t.orderId)],
);

/** Final refunds of orders: the split takes them off; after settlement each one claws back. */
export const settlementRefunds = accountsSchema.table(
  'settlement_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    orderId: text('order_id').notNull(),
    customerId: text('customer_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    destination: text('destination').$type<'original' | 'wallet'>().notNull(),
    refundedAt: at('refunded_at').notNull(),
  },
  (t) => [index('settlement_refunds_order_idx').on(t.orderId)],
);

/** Cash-out requests (spec 2 §3): the amount leaves the wallet at once; an operator pays or rejects (reversal). */
export const cashouts = accountsSchema.table(
  'cashouts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    clabe: text('clabe').notNull(),
    status: text('status').$type<'requested' | 'paid' | 'rejected'>().notNull(),
    requestedAt: at('requested_at').notNull(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    index('cashouts_user_idx').on(t.userId, t.currency, t.requestedAt.desc(), t.id.desc()),
    index('cashouts_pending_idx')
      .on(t.userId, t.currency)
      .where(sql`status = 'requested'`),
  ],
);

/** Idempotency-Key answers (cash-outs). */
export const idempotencyKeys = idempotencyKeysTable('accounts');

/** Outbox, inbox, local job queue and diagnostics tables of the kernel. */
export const { outbox, inbox, jobs, pings } = platformTables('accounts');

/**
 * spec 3 §7 'Collaborators': a user the owner of a shop works with, and their role there (spec 1 §6). One row per
 * shop and user: the unique index decides concurrent invitations.
 */
export const collaborators = accountsSchema.table(
  'collaborators',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    ownerId: text('owner_id').notNull(),
    userId: text('user_id').notNull(),
    role: text('role').$type<'admin' | 'accountant' | 'dispatcher' | 'qrreader'>().notNull(),
    /** Name, sign-in username and photo as read at invitation or the last refresh. */
    name: text('name').notNull(),
    username: text('username').notNull(),
    photo: text('photo'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('collaborators_shop_user_uq').on(t.shopId, t.userId),
    index('collaborators_shop_created_idx').on(t.shopId, t.createdAt),
    index('collaborators_user_idx').on(t.userId),
  ],
);

/**
 * A user's membership (issue 16, api/accounts/memberships.ts): the package paid for and until when. One row per user;
 * status active (paid period running) → grace (period ended, renewal waiting for its payment) → lapsed; a paid
 * purchase or renewal makes it active again. The rate of resales is `commission_ppm` while active or in grace.
 */
export const memberships = accountsSchema.table(
  'memberships',
  {
    userId: text('user_id').primaryKey(),
    packageId: text('package_id').notNull(),
    status: text('status').$type<'active' | 'grace' | 'lapsed'>().notNull(),
    commissionPpm: integer('commission_ppm').notNull(),
    /** End of the paid period: the next charge date. */
    periodEnd: at('period_end').notNull(),
    /** The purchase that paid the current period (a replayed payment event finds it here). */
    lastPurchaseId: text('last_purchase_id').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  // The renewal sweep reads active and grace rows by period end.
  (t) => [
    index('memberships_due_idx')
      .on(t.periodEnd)
      .where(sql`status in ('active', 'grace')`),
  ],
);

/**
 * A purchase or renewal of a package waiting for (or done with) its payment. The payment token is ours: cart-checkout
 * makes the payable under it from `accounts.membership.purchase_requested`. Status pending → paid (once, by a guarded
 * UPDATE in the payment event's inbox transaction) | superseded | expired (read from `expires_at`).
 */
export const membershipPurchases = accountsSchema.table(
  'membership_purchases',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    packageId: text('package_id').notNull(),
    kind: text('kind').$type<'purchase' | 'renewal'>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    paymentToken: text('payment_token').notNull(),
    status: text('status').$type<'pending' | 'paid' | 'superseded'>().notNull(),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('membership_purchases_token_uq').on(t.paymentToken),
    index('membership_purchases_user_idx').on(t.userId, t.createdAt.desc()),
    // One pending purchase per user and kind: racing PUTs make one.
    uniqueIndex('membership_purchases_pending_uq')
      .on(t.userId, t.kind)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * A supplier (dssupplier) profile (issue 16): the name and image a user sells under, and whether an operator has
 * disabled them. Opening one gives the user the `dssupplier-admin` keychain API.
 */
export const supplierProfiles = accountsSchema.table('supplier_profiles', {
  userId: text('user_id').primaryKey(),
  name: text('name').notNull(),
  image: text('image'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});
