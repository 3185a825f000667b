import {
  AccountsEvents,
  MembershipEvents,
  OrderEvents,
  PaymentEvents,
  ReturnEvents,
  WalletEvents,
  type AlertOrigin,
  type AlertRole,
  type AlertType,
  type EventEnvelope,
  type OrderActor,
  type OrderEventBase,
} from '@vitrina/contracts';
import type { AlertMessage, AlertRefs } from '../db/schema.js';
import * as texts from './alert-texts.js';

/**
 * Who is alerted of which event, with which link (issue 15; spec 2 §2 'Bell alerts', §7 'Alert link targets by
 * origin'). Pure: an event in, the alerts to write out; the consumers only store them.
 *
 * - Order events go to the order's parties (customer, supplier, dropshipping supplier), never to whoever acted
 *   (the envelope's actorId): nobody is told what they did themselves.
 * - Payment and wallet events go to their user (a payment's actor is that user: it is still their news).
 * - A follow (accounts.user.followed) goes to the followed user.
 */

/** One alert to write: the consumer adds its id, the event id and the time. */
export interface AlertDraft {
  userId: string;
  role: AlertRole;
  origin: AlertOrigin;
  type: AlertType;
  subtype: string | null;
  refs: AlertRefs;
  link: string | null;
  message: AlertMessage;
}

/** The event types messaging makes alerts of, by topic (the consumers' `types`: the bus drops the rest before the inbox). */
export const ALERT_EVENT_TYPES = {
  orders: [
    OrderEvents.placed,
    OrderEvents.advanced,
    OrderEvents.cancelled,
    OrderEvents.delivered,
    ReturnEvents.opened,
    ReturnEvents.labelIssued,
    ReturnEvents.refunded,
    ReturnEvents.closed,
  ],
  payment: [PaymentEvents.succeeded, PaymentEvents.failed, PaymentEvents.expired],
  wallets: [WalletEvents.credited],
  accounts: [AccountsEvents.followed],
  memberships: [MembershipEvents.activated, MembershipEvents.renewalDue, MembershipEvents.lapsed],
} as const;

type OrderRole = 'customer' | 'supplier' | 'dssupplier';

/** An alert's refs with nothing referred to: spread it and set what the alert names. */
export const NO_REFS: AlertRefs = {
  order: null,
  customer: null,
  supplier: null,
  dssupplier: null,
  return_id: null,
  wallet_type_id: null,
  checkout_aggregation: null,
  amount_minor: null,
  currency: null,
};

const seg = encodeURIComponent;

/** spec 2 §7: an order opens in the recipient's own pages. */
const ORDER_LINKS: Record<OrderRole, (order: string) => string> = {
  customer: (o) => `/mis-compras/${seg(o)}`,
  supplier: (o) => `/apps/me/store/orders/${seg(o)}`,
  dssupplier: (o) => `/apps/me/dssupplier/orders/${seg(o)}`,
};
const RETURN_LINKS: Record<OrderRole, (returnId: string) => string> = {
  customer: (r) => `/mis-compras/devoluciones/${seg(r)}`,
  supplier: (r) => `/admin/devoluciones/${seg(r)}`,
  dssupplier: (r) => `/apps/me/dssupplier/devoluciones/${seg(r)}`,
};
/** No page shows one payment: the customer's purchases are where they pick up again. */
const PAYMENTS_LINK = '/mis-compras';
/** spec 2 §2 `/apps/paquetes`: the plans and packages, where a package is bought (again). */
const PACKAGES_LINK = '/apps/paquetes';

const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const amount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** The order's parties by role (the dropshipping supplier only when there is one). */
function parties(d: OrderEventBase): { role: OrderRole; userId: string }[] {
  const out: { role: OrderRole; userId: string }[] = [
    { role: 'customer', userId: d.userId },
    { role: 'supplier', userId: d.supplierId },
  ];
  if (text(d.dssupplierId)) out.push({ role: 'dssupplier', userId: d.dssupplierId });
  return out;
}

const orderRefs = (d: OrderEventBase, extra: Partial<AlertRefs> = {}): AlertRefs => ({
  ...NO_REFS,
  order: d.orderId,
  customer: d.userId,
  supplier: d.supplierId,
  dssupplier: text(d.dssupplierId) ? d.dssupplierId : null,
  checkout_aggregation: text(d.checkoutId) ? d.checkoutId : null,
  ...extra,
});

/** Who of the order's parties an order event tells, before the actor is taken out. */
function orderRecipients(type: string, d: Record<string, unknown>): OrderRole[] {
  const actor = d.actor as OrderActor | undefined;
  switch (type) {
    case OrderEvents.placed:
    case ReturnEvents.opened:
      return ['supplier', 'dssupplier'];
    case OrderEvents.advanced:
      // the delivered event that comes with a move to 'delivered' tells everyone that
      if (d.to === 'delivered') return [];
      return [
        'customer',
        ...(actor === 'dssupplier' || actor === 'customer' ? (['supplier'] as const) : []),
        ...(actor === 'supplier' || actor === 'customer' ? (['dssupplier'] as const) : []),
      ];
    case OrderEvents.cancelled:
      return (['customer', 'supplier', 'dssupplier'] as const).filter((r) => r !== actor);
    case OrderEvents.delivered:
      return ['customer', 'supplier', 'dssupplier'];
    case ReturnEvents.labelIssued:
    case ReturnEvents.refunded:
    case ReturnEvents.closed:
      return ['customer'];
    default:
      return [];
  }
}

/** The alert of an order event for one recipient, or null when its data lacks what the alert needs. */
function orderAlert(type: string, d: OrderEventBase & Record<string, unknown>, role: OrderRole): Omit<AlertDraft, 'userId'> | null {
  const customer = role === 'customer';
  const orderLink = ORDER_LINKS[role](d.orderId);
  const base = { role, origin: 'orders' as const, link: orderLink, refs: orderRefs(d) };
  switch (type) {
    case OrderEvents.placed:
      return { ...base, type: 'order_placed', subtype: text(d.state) ? d.state : null, message: texts.orderPlacedText(d.orderId) };
    case OrderEvents.advanced:
      if (!text(d.to)) return null;
      return { ...base, type: 'order_advanced', subtype: d.to, message: texts.orderAdvancedText(d.orderId, d.to, customer) };
    case OrderEvents.cancelled:
      if (!text(d.reason)) return null;
      return { ...base, type: 'order_cancelled', subtype: d.reason, message: texts.orderCancelledText(d.orderId, d.reason, customer) };
    case OrderEvents.delivered:
      return { ...base, type: 'order_delivered', subtype: null, message: texts.orderDeliveredText(d.orderId, customer) };
  }
  // return events: the return request is what opens
  if (!text(d.returnId)) return null;
  const ret = { role, origin: 'returns' as const, link: RETURN_LINKS[role](d.returnId), refs: orderRefs(d, { return_id: d.returnId }) };
  switch (type) {
    case ReturnEvents.opened:
      return { ...ret, type: 'return_opened', subtype: null, message: texts.returnOpenedText(d.orderId) };
    case ReturnEvents.labelIssued:
      return {
        ...ret,
        type: 'return_label_issued',
        subtype: text(d.policy) ? d.policy : null,
        message: texts.returnLabelIssuedText(d.orderId),
      };
    case ReturnEvents.refunded: {
      if (!amount(d.amountMinor) || !text(d.currency)) return null;
      const toWallet = d.destination === 'wallet';
      return {
        ...ret,
        refs: orderRefs(d, { return_id: d.returnId, amount_minor: d.amountMinor, currency: d.currency }),
        type: 'return_refunded',
        subtype: toWallet ? 'wallet' : 'original',
        message: texts.returnRefundedText(d.orderId, d.amountMinor, d.currency, toWallet),
      };
    }
    case ReturnEvents.closed:
      return { ...ret, type: 'return_closed', subtype: null, message: texts.returnClosedText(d.orderId) };
    default:
      return null;
  }
}

function orderAlerts(event: EventEnvelope<unknown>): AlertDraft[] | null {
  const d = event.data as (OrderEventBase & Record<string, unknown>) | undefined;
  if (!d || !text(d.orderId) || !text(d.userId) || !text(d.supplierId)) return null;
  const wanted = new Set(orderRecipients(event.type, d));
  const out: AlertDraft[] = [];
  for (const { role, userId } of parties(d)) {
    if (!wanted.has(role) || userId === event.actorId) continue;
    const alert = orderAlert(event.type, d, role);
    if (!alert) return null;
    out.push({ userId, ...alert });
  }
  return out;
}

function paymentAlerts(event: EventEnvelope<unknown>): AlertDraft[] | null {
  const d = event.data as
    { userId?: unknown; checkoutId?: unknown; method?: unknown; amountMinor?: unknown; currency?: unknown } | undefined;
  if (!d || !text(d.userId) || !text(d.checkoutId)) return null;
  const membership = (d as { purpose?: unknown }).purpose === 'membership';
  // a package's payment is told by its membership's alert (activated), with the package and the charge date
  if (membership && event.type === PaymentEvents.succeeded) return [];
  const base = {
    userId: d.userId,
    role: 'customer' as const,
    origin: 'payments' as const,
    subtype: text(d.method) ? d.method : null,
    // a package's failed or lapsed payment leads back to the packages, where it is bought again; an order's to the purchases
    link: membership ? PACKAGES_LINK : PAYMENTS_LINK,
  };
  const refs = { ...NO_REFS, customer: d.userId, checkout_aggregation: d.checkoutId };
  if (event.type === PaymentEvents.succeeded) {
    // a voucher paid at the store or a transfer received hours later is news; the order follows from it
    if (!amount(d.amountMinor) || !text(d.currency)) return null;
    return [
      {
        ...base,
        type: 'payment_succeeded',
        refs: { ...refs, amount_minor: d.amountMinor, currency: d.currency },
        message: texts.paymentSucceededText(d.amountMinor, d.currency),
      },
    ];
  }
  const failed = event.type === PaymentEvents.failed;
  return [
    {
      ...base,
      type: failed ? 'payment_failed' : 'payment_expired',
      refs,
      message: membership
        ? failed
          ? texts.packagePaymentFailedText()
          : texts.packagePaymentExpiredText()
        : failed
          ? texts.paymentFailedText()
          : texts.paymentExpiredText(),
    },
  ];
}

function walletAlerts(event: EventEnvelope<unknown>): AlertDraft[] | null {
  const d = event.data as Record<string, unknown> | undefined;
  if (!d || !text(d.userId) || !text(d.walletTypeId) || !amount(d.amountMinor) || !text(d.currency) || !text(d.kind)) return null;
  // a refund taken as wallet credit is already told by its return's alert (orders.order.refunded, destination wallet)
  if (d.kind === 'refund_credit') return [];
  const order = text(d.orderId) ? d.orderId : null;
  return [
    {
      userId: d.userId,
      role: 'supplier',
      origin: 'wallet',
      type: 'wallet_credited',
      subtype: d.kind,
      refs: { ...NO_REFS, order, wallet_type_id: d.walletTypeId, amount_minor: d.amountMinor, currency: d.currency },
      link: `/me/wallet/${seg(d.walletTypeId)}`,
      message: texts.walletCreditedText(d.kind, d.amountMinor, d.currency, order),
    },
  ];
}

/** The web has no public profile page yet: a follow alert leads to the user's inbox. */
const FOLLOW_LINK = '/me/inbox/';

function followAlerts(event: EventEnvelope<unknown>): AlertDraft[] | null {
  const d = event.data as Record<string, unknown> | undefined;
  if (!d || !text(d.followerId) || !text(d.followedId)) return null;
  if (d.followerId === d.followedId) return [];
  return [
    {
      userId: d.followedId,
      role: 'customer',
      origin: 'social',
      type: 'followed',
      subtype: null,
      refs: NO_REFS,
      link: FOLLOW_LINK,
      message: texts.followedText(typeof d.followerName === 'string' ? d.followerName : ''),
    },
  ];
}

/** spec 2 §7 'memberships offer: /apps/paquetes/{package_id}', 'payments: /me/payments/{payment_token}'. */
function membershipAlerts(event: EventEnvelope<unknown>): AlertDraft[] | null {
  const d = event.data as Record<string, unknown> | undefined;
  if (!d || !text(d.userId) || !text(d.packageId) || !text(d.packageName)) return null;
  const base = { userId: d.userId, role: 'customer' as const, origin: 'memberships' as const, refs: { ...NO_REFS, customer: d.userId } };
  const packageLink = `/apps/paquetes/${seg(d.packageId)}`;
  switch (event.type) {
    case MembershipEvents.activated:
      if (!text(d.chargeDate)) return null;
      return [
        {
          ...base,
          type: 'membership_activated',
          subtype: d.kind === 'renewal' ? 'renewal' : 'purchase',
          link: packageLink,
          message: texts.membershipActivatedText(d.packageName, d.chargeDate, d.kind === 'renewal'),
        },
      ];
    case MembershipEvents.renewalDue:
      if (!text(d.paymentToken) || !text(d.lapsesAt)) return null;
      return [
        {
          ...base,
          origin: 'payments',
          type: 'membership_renewal_due',
          subtype: null,
          link: `/me/payments/${seg(d.paymentToken)}`,
          message: texts.membershipRenewalDueText(d.packageName, d.lapsesAt),
        },
      ];
    case MembershipEvents.lapsed:
      return [{ ...base, type: 'membership_lapsed', subtype: null, link: packageLink, message: texts.membershipLapsedText(d.packageName) }];
    default:
      return [];
  }
}

/** The alerts an event makes: none for a type messaging does not alert on; null when the event lacks what they need. */
export function alertsFor(event: EventEnvelope<unknown>): AlertDraft[] | null {
  if ((ALERT_EVENT_TYPES.orders as readonly string[]).includes(event.type)) return orderAlerts(event);
  if ((ALERT_EVENT_TYPES.payment as readonly string[]).includes(event.type)) return paymentAlerts(event);
  if ((ALERT_EVENT_TYPES.wallets as readonly string[]).includes(event.type)) return walletAlerts(event);
  if ((ALERT_EVENT_TYPES.accounts as readonly string[]).includes(event.type)) return followAlerts(event);
  if ((ALERT_EVENT_TYPES.memberships as readonly string[]).includes(event.type)) return membershipAlerts(event);
  return [];
}
