import { and, eq, sql } from 'drizzle-orm';
import { PreparedQuery } from '@vitrina/platform';
import type { CheckoutRow } from '../checkout/checkout.view.js';
import { checkouts, paymentAttempts, paymentWebhookEvents, savedCards } from '../db/schema.js';
import type { AttemptRow } from './attempt.view.js';
import { LIVE_ATTEMPT_STATUSES } from './domain/attempt.machine.js';

/**
 * The payment path's most frequent statements, built once (`PreparedQuery`): every payment, return from a provider's
 * page and webhook reads its checkout or its attempt through them, and drizzle's building of a query cost more of
 * the service's CPU than the statement's own round trip. Each answers exactly as the builder would.
 */
const p = sql.placeholder;

const checkoutOfToken = (locked: boolean) =>
  new PreparedQuery<{ token: string; userId: string }, CheckoutRow[]>((db) => {
    const q = db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.paymentToken, p('token')), eq(checkouts.userId, p('userId'))));
    return locked ? q.for('update') : q;
  });

/** The checkout behind a payment token, its owner's only. */
export const CHECKOUT_BY_TOKEN = checkoutOfToken(false);
/** The same, locked for the transaction that starts an attempt. */
export const CHECKOUT_BY_TOKEN_LOCKED = checkoutOfToken(true);

/** An attempt by id (a webhook's, a return's). */
export const ATTEMPT_BY_ID = new PreparedQuery<{ id: string }, AttemptRow[]>((db) =>
  db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, p('id'))),
);

/** An attempt by id, locked: every report about an attempt is applied under this lock. */
export const ATTEMPT_BY_ID_LOCKED = new PreparedQuery<{ id: string }, AttemptRow[]>((db) =>
  db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, p('id')))
    .for('update'),
);

/** A shopper's own saved card. */
export const SAVED_CARD = new PreparedQuery<{ id: string; userId: string }, Array<typeof savedCards.$inferSelect>>((db) =>
  db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, p('id')), eq(savedCards.userId, p('userId')))),
);

/**
 * A webhook event recorded by (provider, event id): nothing when that event is already recorded. `processedAt` is an
 * ISO time or null (a raw placeholder: a timestamp column's own mapping does not take null).
 */
export const RECORD_WEBHOOK_EVENT = new PreparedQuery<
  {
    provider: string;
    eventId: string;
    type: string;
    attemptId: string | null;
    event: unknown;
    status: string;
    tries: number;
    receivedAt: Date;
    processedAt: string | null;
  },
  Array<{ eventId: string }>
>((db) =>
  db
    .insert(paymentWebhookEvents)
    .values({
      provider: p('provider'),
      eventId: p('eventId'),
      type: p('type'),
      attemptId: p('attemptId'),
      event: p('event'),
      status: p('status'),
      tries: p('tries'),
      receivedAt: p('receivedAt'),
      processedAt: sql`${p('processedAt')}::timestamptz`,
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId }),
);

/**
 * A new attempt replaces the checkout's live ones (the shopper changed method): they are canceled, their refs answered.
 * `now` is an ISO time (an UPDATE's SET takes no placeholder mapped by its column).
 */
export const CANCEL_LIVE_ATTEMPTS = new PreparedQuery<{ checkoutId: string; now: string }, Array<{ provider: string; ref: string | null }>>(
  (db) =>
    db
      .update(paymentAttempts)
      .set({ status: 'canceled', updatedAt: sql`${p('now')}::timestamptz` })
      .where(
        and(
          eq(paymentAttempts.checkoutId, p('checkoutId')),
          // the statuses as literals, as the live attempts' index reads them
          sql`${paymentAttempts.status} in (${sql.raw(LIVE_ATTEMPT_STATUSES.map((s) => `'${s}'`).join(', '))})`,
        ),
      )
      .returning({ provider: paymentAttempts.provider, ref: paymentAttempts.providerRef }),
);

/** An attempt, written before its provider is called. */
export const INSERT_ATTEMPT = new PreparedQuery<
  {
    id: string;
    checkoutId: string;
    userId: string;
    method: string;
    provider: string;
    idempotencyKey: string;
    amountMinor: number;
    financingCostMinor: number;
    currency: string;
    instalments: number | null;
    request: unknown;
    expiresAt: Date;
    now: Date;
  },
  unknown
>((db) =>
  db.insert(paymentAttempts).values({
    id: p('id'),
    checkoutId: p('checkoutId'),
    userId: p('userId'),
    method: p('method'),
    provider: p('provider'),
    status: 'created',
    idempotencyKey: p('idempotencyKey'),
    amountMinor: p('amountMinor'),
    financingCostMinor: p('financingCostMinor'),
    currency: p('currency'),
    instalments: p('instalments'),
    request: p('request'),
    expiresAt: p('expiresAt'),
    createdAt: p('now'),
    updatedAt: p('now'),
  }),
);
