import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  CartCheckoutEvents,
  CatalogueReservationsUnavailable,
  PaymentErrorCodes as Codes,
  PaymentEvents,
  formatMinorUnits,
  type AttemptStatus,
  type CatalogueReservations,
  type PaymentAttempt,
  type PaymentExpiredEvent,
  type PaymentFailedEvent,
  type PaymentMethod,
  type PaymentPage,
  type PaymentSucceededEvent,
  type SavedCard,
} from '@vitrina/contracts';
import { DB, DomainError, LOGGER, newId, Outbox, TransactionRunner, type Db, type Tx } from '@vitrina/platform';
import { STOCK_RESERVATIONS } from '../checkout/stock-reservations.js';
import { effectiveStatus, type CheckoutRow } from '../checkout/checkout.view.js';
import * as schema from '../db/schema.js';
import { checkouts, paymentAttempts, savedCards } from '../db/schema.js';
import { Clock } from '../shared/clock.js';
import { attemptView, type AttemptRow, type StoredBankTransfer, type StoredVoucher } from './attempt.view.js';
import { isLive, nextAttemptStatus } from './domain/attempt.machine.js';
import { instalmentOption, instalmentOptions } from './domain/instalments.js';
import {
  ProviderRequestError,
  ProviderUnavailableError,
  type BillingDetails,
  type ProviderPayment,
  type StartPaymentRequest,
} from './domain/payment-provider.js';
import { PaymentProviders } from './payment-providers.js';
import { PAYMENTS_CONFIG, providerFor, type PaymentsConfig } from './payments.config.js';
import { payCheckout } from '../placement/order-snapshot.js';
import {
  ATTEMPT_BY_ID_LOCKED,
  CANCEL_LIVE_ATTEMPTS,
  CHECKOUT_BY_TOKEN,
  CHECKOUT_BY_TOKEN_LOCKED,
  INSERT_ATTEMPT,
  SAVED_CARD,
} from './payment-statements.js';

/** What a payment start asks for beyond the method (the DTOs' validated fields). */
export interface StartInput {
  sourceId?: string;
  msiPayments?: number | null;
  saveCard?: boolean;
  billing?: BillingDetails;
  returnPath: string;
  cancelPath?: string;
  instalments?: number | null;
  /** The site's origin as the request reached it (used when PUBLIC_SITE_URL is not set). */
  origin?: string;
}

/** The stored request (what reconciliation sends the provider again, with the same key): no secrets, no card data. */
type StoredRequest = Omit<StartPaymentRequest, 'expiresAt'> & { expiresAt?: string };

const paymentError = (code: string, message: string, status: number, details?: Record<string, unknown>) => {
  const err = new DomainError(code, message, status);
  if (details) err.details = details;
  return err;
};

/** Codes a decline answers with; anything else a provider says becomes payment_attempt_failed. */
const DECLINE_CODES = new Set<string>([
  Codes.insufficientFunds,
  Codes.doNotHonor,
  Codes.expiredCard,
  Codes.instalmentsNotAccepted,
  Codes.contactBank,
  Codes.attemptFailed,
  Codes.invalidCard,
]);

/**
 * Payments of a checkout (issue 12; ARCHITECTURE §8 'Payments'; spec 3 §4 steps 3-6, §7, §8 'Payments').
 *
 * A start writes the attempt (with the idempotency key the provider call carries) and extends the checkout's hold
 * before the provider is called; the provider's answer is then applied. Every report about an attempt (the start's
 * answer, the browser's return, a webhook, the reconciliation job) goes through `apply`: the attempt row is locked,
 * the state machine decides, and a success pays the checkout through one conditional UPDATE (ready → paid) in the
 * transaction that writes `payment.succeeded` to the outbox, so exactly one such event exists per checkout. A success
 * that finds the checkout already paid, expired or cancelled is marked for refund instead.
 */
@Injectable()
export class PaymentsService {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly tx: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly providers: PaymentProviders,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    @Inject(STOCK_RESERVATIONS) private readonly reservations: CatalogueReservations,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // ---------------------------------------------------------------- reads

  /** The checkout behind a payment token, its owner's only (anyone else: 404, as for an unknown token). */
  async checkoutByToken(
    token: string,
    userId: string,
    db: Db<typeof schema> | Tx<typeof schema> = this.db,
    lock = false,
  ): Promise<CheckoutRow> {
    if (token.length > 64) throw paymentError(Codes.paymentNotFound, 'The payment does not exist', 404);
    const [row] = await (lock ? CHECKOUT_BY_TOKEN_LOCKED : CHECKOUT_BY_TOKEN).execute(db, { token, userId });
    if (!row) throw paymentError(Codes.paymentNotFound, 'The payment does not exist', 404);
    return row;
  }

  /** GET /payment/{token}. */
  async page(token: string, userId: string): Promise<PaymentPage> {
    const row = await this.checkoutByToken(token, userId);
    const amount = amountOf(row);
    const [latest] = await this.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.checkoutId, row.id))
      .orderBy(desc(paymentAttempts.createdAt))
      .limit(1);
    const enabled = (row.enabledPaymentTypes as PaymentMethod[]) ?? [];
    return {
      token,
      checkout_id: row.id,
      shop_slug: row.shopSlug,
      checkout_status: effectiveStatus(row, this.clock.now()),
      purpose: row.purpose,
      description: row.description,
      amount_minor: amount,
      amount: formatMinorUnits(amount),
      currency: row.currency,
      enabled_payment_types: enabled,
      msi_options: enabled.includes('card') ? instalmentOptions(amount, this.config.msiRates, this.config.msiMinimumMinor) : [],
      deferred_options: enabled.includes('aplazo') ? instalmentOptions(amount, this.config.deferredRates, 0) : [],
      saved_cards: enabled.includes('card') ? await this.cards(userId) : [],
      attempt: latest ? attemptView(latest) : null,
      sandbox: enabled.some((m) => providerFor(this.config, row.supplierId, m) === 'sandbox'),
      expires_at: row.expiresAt.toISOString(),
    };
  }

  async attempt(token: string, userId: string, attemptId: string): Promise<PaymentAttempt> {
    return attemptView(await this.ownedAttempt(token, userId, attemptId));
  }

  private async ownedAttempt(token: string, userId: string, attemptId: string): Promise<AttemptRow> {
    const checkout = await this.checkoutByToken(token, userId);
    const [row] =
      attemptId.length <= 64
        ? await this.db
            .select()
            .from(paymentAttempts)
            .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.checkoutId, checkout.id)))
        : [];
    if (!row) throw paymentError(Codes.attemptNotFound, 'The payment attempt does not exist', 404);
    return row;
  }

  async cards(userId: string): Promise<SavedCard[]> {
    const rows = await this.db.select().from(savedCards).where(eq(savedCards.userId, userId)).orderBy(desc(savedCards.createdAt));
    return rows.map((c) => ({
      id: c.id,
      number: `•••• ${c.last4}`,
      name_on_card: c.nameOnCard,
      type: c.type as SavedCard['type'],
      brand: c.brand,
      bank: c.bank,
      termination: c.last4,
      expiry: `${String(c.expMonth).padStart(2, '0')}/${String(c.expYear % 100).padStart(2, '0')}`,
      accepts_instalments: c.type === 'credit',
    }));
  }

  async deleteCard(userId: string, cardId: string): Promise<void> {
    const removed =
      cardId.length <= 64
        ? await this.db
            .delete(savedCards)
            .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId)))
            .returning({ id: savedCards.id })
        : [];
    if (removed.length === 0) throw paymentError(Codes.cardNotFound, 'The card does not exist', 404);
  }

  // ---------------------------------------------------------------- start

  /** POST /payment/{token}/order/{method}. */
  async start(token: string, userId: string, method: PaymentMethod, input: StartInput): Promise<PaymentAttempt> {
    const checkout = await this.checkoutByToken(token, userId);
    this.assertPayable(checkout, method);
    const amount = amountOf(checkout);
    const months = method === 'card' ? (input.msiPayments ?? null) : method === 'aplazo' ? (input.instalments ?? null) : null;
    const financing = this.financing(method, amount, months);
    const provider = providerFor(this.config, checkout.supplierId, method);
    if (!this.providers.has(provider)) throw paymentError(Codes.setupFailed, 'Payment setup failed, try again later', 503);
    let source: string | undefined;
    if (method === 'card') source = await this.cardSource(userId, provider, input.sourceId);

    const now = this.clock.now();
    // A voucher or a transfer is payable for its whole window. A card or a redirect is finished within the checkout's
    // own time, but never with less than PAYMENT_ACTION_SECONDS left for a challenge or an approval page: only a
    // checkout about to run out extends its hold (one call to the catalogue), not every payment.
    const attemptExpires =
      method === 'spei' || method === 'cash'
        ? new Date(now.getTime() + (method === 'spei' ? this.config.speiSeconds : this.config.voucherSeconds) * 1000)
        : new Date(Math.max(checkout.expiresAt.getTime(), now.getTime() + this.config.actionSeconds * 1000));
    const holdUntil = new Date(Math.max(checkout.expiresAt.getTime(), attemptExpires.getTime()));
    // a membership's payable holds no stock (issue 16): only its own expiry moves
    if (holdUntil.getTime() > checkout.expiresAt.getTime() && checkout.purpose === 'order') await this.extendHold(checkout.id, holdUntil);

    const attemptId = newId();
    const idempotencyKey = `vtr_pay_${attemptId}`;
    const request: StoredRequest = {
      attemptId,
      idempotencyKey,
      checkoutId: checkout.id,
      method,
      amountMinor: amount + financing,
      currency: checkout.currency,
      description: `Vitrina · ${checkout.supplierName || checkout.shopSlug}`.slice(0, 200),
      customer: { id: userId, ...contactOf(checkout) },
      ...(method === 'card'
        ? {
            card: {
              source: source!,
              instalments: months,
              save: input.saveCard === true,
              ...(input.billing ? { billing: input.billing } : {}),
            },
          }
        : {}),
      returnUrl: this.siteUrl(withQuery(input.returnPath, { payment_attempt: attemptId }), input.origin),
      cancelUrl: this.siteUrl(
        withQuery(input.cancelPath ?? input.returnPath, { payment_attempt: attemptId, payment_canceled: '1' }),
        input.origin,
      ),
      ...(method === 'aplazo' ? { instalments: months } : {}),
      ...(method === 'cash' || method === 'spei' ? { expiresAt: attemptExpires.toISOString() } : {}),
    };

    const replaced = await this.tx.run(async (tx) => {
      const locked = await this.checkoutByToken(token, userId, tx, true);
      this.assertPayable(locked, method);
      // a newer attempt replaces the live ones (the shopper changed method): they are canceled here and at the provider
      const old = await CANCEL_LIVE_ATTEMPTS.execute(tx, { checkoutId: checkout.id, now: now.toISOString() });
      await INSERT_ATTEMPT.execute(tx, {
        id: attemptId,
        checkoutId: checkout.id,
        userId,
        method,
        provider,
        idempotencyKey,
        amountMinor: amount,
        financingCostMinor: financing,
        currency: checkout.currency,
        instalments: months,
        request,
        expiresAt: attemptExpires,
        now,
      });
      if (holdUntil.getTime() > locked.expiresAt.getTime()) {
        await tx
          .update(checkouts)
          .set({ expiresAt: holdUntil, updatedAt: sql`now()` })
          .where(eq(checkouts.id, checkout.id));
      }
      return old;
    });
    for (const r of replaced)
      if (r.ref)
        void this.providers
          .get(r.provider)
          .cancel(r.ref)
          .catch(() => undefined);

    let payment: ProviderPayment;
    try {
      payment = await this.providers.get(provider).start(reviveRequest(request));
    } catch (err) {
      if (err instanceof ProviderRequestError) {
        await this.apply(attemptId, {
          ref: '',
          status: 'failed',
          chargeId: null,
          failure: { code: Codes.setupFailed, message: err.message },
        });
        throw paymentError(Codes.setupFailed, 'Payment setup failed, try again later', 422, { attempt_id: attemptId });
      }
      // unreachable or timed out: nothing is known to have happened; reconciliation asks again with the same key
      this.logger.warn({ err, attemptId, provider }, 'payment provider unavailable at start');
      throw paymentError(Codes.setupFailed, 'Payment setup failed, try again later', 503, { attempt_id: attemptId });
    }
    this.fault('after_provider');
    const row = await this.apply(attemptId, payment);
    if (row.status === 'succeeded') this.fault('after_commit');
    return this.answer(row);
  }

  /** POST /payment/{token}/attempts/{id}/return: the browser is back from 3-D Secure or an approval page. */
  async returned(token: string, userId: string, attemptId: string): Promise<PaymentAttempt> {
    const row = await this.ownedAttempt(token, userId, attemptId);
    if (!isLive(row.status)) return attemptView(row);
    let refreshed: AttemptRow;
    try {
      refreshed = await this.refresh(row);
    } catch (err) {
      if (err instanceof ProviderUnavailableError) throw paymentError(Codes.setupFailed, 'Payment setup failed, try again later', 503);
      throw err;
    }
    return this.answer(refreshed);
  }

  /** A failed attempt answers 402 with its code (spec 3 §8 'Card failure with a code'); anything else the attempt. */
  private answer(row: AttemptRow): PaymentAttempt {
    const view = attemptView(row);
    if (row.status === 'failed') {
      const code = row.errorCode && DECLINE_CODES.has(row.errorCode) ? row.errorCode : Codes.attemptFailed;
      throw paymentError(code, row.errorMessage || 'Payment attempt failed', 402, { attempt_id: row.id });
    }
    return view;
  }

  private assertPayable(row: CheckoutRow, method: PaymentMethod): void {
    const status = effectiveStatus(row, this.clock.now());
    if (status === 'paid') throw paymentError(Codes.alreadyPaid, 'The checkout is already paid', 409);
    if (status === 'expired') throw paymentError(Codes.checkoutExpired, 'The checkout has expired, start again', 410);
    if (status !== 'ready' || !row.paymentToken) throw paymentError(Codes.checkoutNotReady, 'The checkout is not ready to pay', 409);
    if (!((row.enabledPaymentTypes as string[]) ?? []).includes(method)) {
      throw paymentError(Codes.methodNotEnabled, 'The supplier does not take this payment method', 409);
    }
  }

  private financing(method: PaymentMethod, amount: number, months: number | null): number {
    if (months === null) return 0;
    if (method === 'card') {
      const bp = this.config.msiRates.get(months);
      if (bp === undefined || amount < this.config.msiMinimumMinor) {
        throw paymentError(Codes.invalidInstalments, 'These monthly payments are not offered for this purchase', 400);
      }
      return instalmentOption(amount, months, bp).financing_cost_minor;
    }
    const bp = this.config.deferredRates.get(months);
    if (bp === undefined) throw paymentError(Codes.invalidInstalments, `The plan of ${months} payments is not offered`, 400);
    return instalmentOption(amount, months, bp).financing_cost_minor;
  }

  /** A saved card's provider reference (the shopper's own card, at the same provider), or the token as given. */
  private async cardSource(userId: string, provider: string, sourceId: string | undefined): Promise<string> {
    if (!sourceId) throw paymentError(Codes.invalidCard, 'A card is required', 400);
    if (!sourceId.startsWith('card_')) return sourceId;
    const [card] = sourceId.length <= 64 ? await SAVED_CARD.execute(this.db, { id: sourceId, userId }) : [];
    if (!card || card.provider !== provider) throw paymentError(Codes.cardNotFound, 'The card does not exist', 404);
    return card.providerRef;
  }

  private async extendHold(checkoutId: string, until: Date): Promise<void> {
    let held: boolean;
    try {
      ({ held } = await this.reservations.extend(checkoutId, until.toISOString()));
    } catch (err) {
      if (err instanceof CatalogueReservationsUnavailable) {
        throw paymentError(Codes.setupFailed, 'Payment setup failed, try again later', 503);
      }
      throw err;
    }
    if (!held) throw paymentError(Codes.checkoutExpired, 'The checkout has expired, start again', 410);
  }

  private siteUrl(path: string, origin: string | undefined): string {
    return `${this.config.siteUrl ?? origin ?? ''}${path}`;
  }

  /** Test-only crash points (PAYMENTS_FAULT, never in production): the process dies as a power cut would. */
  private fault(point: string): void {
    if (this.config.fault === point) process.kill(process.pid, 'SIGKILL');
  }

  // ---------------------------------------------------------------- completion

  /** Asks the provider where the attempt stands (starting it again with the same key if it never answered) and applies it. */
  async refresh(row: AttemptRow): Promise<AttemptRow> {
    const provider = this.providers.get(row.provider);
    let payment: ProviderPayment;
    try {
      payment = row.providerRef
        ? await provider.retrieve(row.providerRef)
        : await provider.start(reviveRequest(row.request as StoredRequest));
      // only a live attempt takes the money of an approval: a replaced (canceled) one is left to lapse at the provider
      if (payment.status === 'approved' && isLive(row.status)) {
        payment = await provider.complete(payment.ref, `${row.idempotencyKey}_complete`);
      }
    } catch (err) {
      // the provider refuses the request itself (an unknown or lapsed payment): nothing was taken
      if (!(err instanceof ProviderRequestError)) throw err;
      payment = {
        ref: row.providerRef ?? '',
        status: 'failed',
        chargeId: null,
        failure: { code: Codes.attemptFailed, message: err.message },
      };
    }
    return this.apply(row.id, payment);
  }

  /**
   * Applies what the provider says about an attempt (the one place an attempt changes after its start). Idempotent:
   * a report that changes nothing is a no-op, so duplicates, late and out-of-order reports are harmless.
   */
  async apply(attemptId: string, payment: ProviderPayment): Promise<AttemptRow> {
    const now = this.clock.now();
    return this.tx.run(async (tx) => {
      const [current] = attemptId.length <= 64 ? await ATTEMPT_BY_ID_LOCKED.execute(tx, { id: attemptId }) : [];
      if (!current) throw paymentError(Codes.attemptNotFound, 'The payment attempt does not exist', 404);
      const next = nextAttemptStatus(current.status as AttemptStatus, payment.status);
      const details = {
        ...(payment.ref && !current.providerRef ? { providerRef: payment.ref } : {}),
        ...(payment.chargeId && !current.chargeId ? { chargeId: payment.chargeId } : {}),
        ...(payment.action ? { action: payment.action } : {}),
        ...(payment.voucher && !current.voucher
          ? { voucher: { ...payment.voucher, expiresAt: toIso(payment.voucher.expiresAt) } satisfies StoredVoucher }
          : {}),
        ...(payment.bankTransfer && !current.bankTransfer
          ? { bankTransfer: { ...payment.bankTransfer, expiresAt: toIso(payment.bankTransfer.expiresAt) } satisfies StoredBankTransfer }
          : {}),
      };
      if (next === null) {
        if (Object.keys(details).length === 0) return current;
        const [updated] = await tx.update(paymentAttempts).set(details).where(eq(paymentAttempts.id, attemptId)).returning();
        return updated;
      }
      const failure = next === 'failed' ? (payment.failure ?? { code: Codes.attemptFailed, message: 'Payment attempt failed' }) : null;
      const [updated] = await tx
        .update(paymentAttempts)
        .set({
          ...details,
          status: next,
          updatedAt: now,
          ...(failure ? { errorCode: failure.code, errorMessage: failure.message } : {}),
          ...(next === 'succeeded' || next === 'failed' || next === 'expired' || next === 'canceled' ? { completedAt: now } : {}),
        })
        .where(eq(paymentAttempts.id, attemptId))
        .returning();
      const row = updated;
      if (next === 'succeeded') await this.succeeded(tx, row, payment, now);
      else if (next === 'failed') {
        const [paying] = await tx.select({ purpose: checkouts.purpose }).from(checkouts).where(eq(checkouts.id, row.checkoutId));
        await this.outbox.add(tx, {
          type: PaymentEvents.failed,
          key: row.checkoutId,
          actorId: row.userId,
          data: {
            checkoutId: row.checkoutId,
            attemptId: row.id,
            userId: row.userId,
            method: row.method as PaymentMethod,
            code: failure!.code,
            purpose: paying?.purpose ?? 'order',
          } satisfies PaymentFailedEvent,
        });
      } else if (next === 'expired' && (row.method === 'cash' || row.method === 'spei')) {
        await this.expireCheckout(tx, row);
      }
      return row;
    });
  }

  /** The gate: the checkout goes ready → paid once; any other success is refunded. */
  private async succeeded(tx: Tx<typeof schema>, row: AttemptRow, payment: ProviderPayment, now: Date): Promise<void> {
    // one statement: the conditional UPDATE to paid and the reads its order's snapshot needs
    const paid = await payCheckout(tx, row.checkoutId, row.id, now, {
      paymentType: row.method as PaymentMethod,
      prepaid: true,
      chargeId: row.chargeId,
      financingCostMinor: row.financingCostMinor,
    });
    if (!paid) {
      const [current] = await tx.select({ paidAttemptId: checkouts.paidAttemptId }).from(checkouts).where(eq(checkouts.id, row.checkoutId));
      if (current?.paidAttemptId !== row.id) {
        await tx.update(paymentAttempts).set({ refundStatus: 'pending' }).where(eq(paymentAttempts.id, row.id));
        this.logger.warn(
          { attemptId: row.id, checkoutId: row.checkoutId },
          'payment succeeded for a checkout that cannot take it: refunding',
        );
      }
      return;
    }
    const { checkout, order } = paid;
    await this.outbox.add(tx, {
      type: PaymentEvents.succeeded,
      key: row.checkoutId,
      actorId: row.userId,
      data: {
        checkoutId: row.checkoutId,
        attemptId: row.id,
        userId: row.userId,
        shopId: checkout.shopId,
        supplierId: checkout.supplierId,
        dssupplierId: checkout.dssupplierId,
        method: row.method as PaymentMethod,
        provider: row.provider as PaymentSucceededEvent['provider'],
        chargeId: row.chargeId,
        amountMinor: row.amountMinor,
        financingCostMinor: row.financingCostMinor,
        currency: row.currency,
        instalments: row.instalments,
        paidAt: now.toISOString(),
        purpose: checkout.purpose,
        order,
      } satisfies PaymentSucceededEvent,
    });
    const request = row.request as StoredRequest;
    const card = payment.card;
    if (request.card?.save && card?.reusableRef) {
      await tx
        .insert(savedCards)
        .values({
          id: `card_${newId()}`,
          userId: row.userId,
          provider: row.provider,
          providerRef: card.reusableRef,
          brand: card.brand,
          type: card.type,
          bank: card.bank,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          nameOnCard: card.name,
        })
        .onConflictDoNothing();
    }
  }

  /** A voucher or transfer was not paid in time: the checkout expires (its stock is released) and the shopper is told. */
  private async expireCheckout(tx: Tx<typeof schema>, row: AttemptRow): Promise<void> {
    const expired = await tx
      .update(checkouts)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(and(eq(checkouts.id, row.checkoutId), inArray(checkouts.status, ['open', 'ready'])))
      .returning({ id: checkouts.id, purpose: checkouts.purpose });
    if (expired.length === 0) return;
    await this.outbox.add(tx, [
      { type: CartCheckoutEvents.expired, key: row.checkoutId, data: { checkoutId: row.checkoutId } },
      {
        type: PaymentEvents.expired,
        key: row.checkoutId,
        actorId: row.userId,
        data: {
          checkoutId: row.checkoutId,
          attemptId: row.id,
          userId: row.userId,
          method: row.method as PaymentMethod,
          purpose: expired[0].purpose,
        } satisfies PaymentExpiredEvent,
      },
    ]);
  }
}

function amountOf(row: CheckoutRow): number {
  return row.subtotalMinor + (row.shippingMinor ?? 0);
}

function contactOf(row: CheckoutRow): { email?: string; name?: string } {
  const c = row.contact as { name?: string; email?: string } | null;
  return { ...(c?.email ? { email: c.email } : {}), ...(c?.name ? { name: c.name } : {}) };
}

function toIso(d: Date | string): string {
  return typeof d === 'string' ? d : d.toISOString();
}

function reviveRequest(r: StoredRequest): StartPaymentRequest {
  const { expiresAt, ...rest } = r;
  return { ...rest, ...(expiresAt ? { expiresAt: new Date(expiresAt) } : {}) };
}

/** Adds query parameters to a site path (its own query kept). */
export function withQuery(path: string, params: Record<string, string>): string {
  const [base, query = ''] = path.split('?', 2) as [string, string?];
  const search = new URLSearchParams(query);
  for (const [k, v] of Object.entries(params)) search.set(k, v);
  return `${base}?${search.toString()}`;
}
