import type { EventEnvelope, OrderEventBase, PaymentFailedEvent, WalletCreditedEvent } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';

/** The ids every orders.order event carries, for a new order (with a dropshipping supplier when asked). */
export function orderParties(o: { dropshipped?: boolean } = {}): OrderEventBase {
  return {
    orderId: newId(),
    checkoutId: newId(),
    userId: newId(),
    shopId: newId(),
    supplierId: newId(),
    dssupplierId: o.dropshipped ? newId() : null,
  };
}

/** An orders.order envelope as orders publishes it: the parties, the type's own fields, and who acted. */
export function orderEvent(type: string, parties: OrderEventBase, data: Record<string, unknown>, actorId?: string): EventEnvelope<unknown> {
  return {
    id: newId(),
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    key: parties.orderId,
    shopId: parties.shopId,
    ...(actorId ? { actorId } : {}),
    traceId: newId(),
    data: { ...parties, ...data },
  };
}

/** payment.failed / payment.expired as cart-checkout publishes them: the shopper is the actor. */
export function paymentEvent(
  type: 'payment.succeeded' | 'payment.failed' | 'payment.expired',
  data: Partial<PaymentFailedEvent> & { amountMinor?: number; currency?: string } = {},
): EventEnvelope<unknown> {
  const payment = { checkoutId: newId(), attemptId: newId(), userId: newId(), method: 'card' as const, code: 'card_declined', ...data };
  if (type !== 'payment.failed') delete (payment as Partial<PaymentFailedEvent>).code;
  return {
    id: newId(),
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    key: payment.checkoutId,
    actorId: payment.userId,
    traceId: newId(),
    data: payment,
  };
}

/** wallets.dispersion.credited as accounts publishes it (keyed by the user). */
export function walletCredited(data: Partial<WalletCreditedEvent> = {}): EventEnvelope<unknown> {
  const credit: WalletCreditedEvent = {
    userId: newId(),
    walletTypeId: 'mxn',
    currency: 'MXN',
    amountMinor: 45_000,
    kind: 'dispersion',
    orderId: newId(),
    transactionId: newId(),
    ...data,
  };
  return {
    id: newId(),
    type: 'wallets.dispersion.credited',
    version: 1,
    occurredAt: new Date().toISOString(),
    key: credit.userId,
    traceId: newId(),
    data: credit,
  };
}
