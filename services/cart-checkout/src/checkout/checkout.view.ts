import { formatMinorUnits, type CartProduct, type Checkout, type CheckoutDeliveryOptions, type CheckoutStatus } from '@vitrina/contracts';
import type { checkoutLines, checkouts } from '../db/schema.js';

export type CheckoutRow = typeof checkouts.$inferSelect;
export type CheckoutLineRow = typeof checkoutLines.$inferSelect;

/** An open or ready checkout whose time ran out reads as expired before the sweep marks it. */
export function effectiveStatus(row: Pick<CheckoutRow, 'status' | 'expiresAt'>, now: Date): CheckoutStatus {
  if ((row.status === 'open' || row.status === 'ready') && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status as CheckoutStatus;
}

/** The checkout as the API shows it (empty optional properties dropped, spec 3 §3). */
/** Only products travel: services, experiences and digital items need no delivery (spec 3 §4 'Checkout flow'). */
export function needsDelivery(products: ReadonlyArray<Pick<CartProduct, 'type'>>): boolean {
  return products.some((p) => p.type === 'product');
}

export const NO_DELIVERY_OPTIONS: CheckoutDeliveryOptions = { fixed: null, scheduled: false, broker: false, pickup: false };

export function checkoutView(
  row: CheckoutRow,
  lines: CheckoutLineRow[],
  now: Date,
  deliveryOptions: CheckoutDeliveryOptions = NO_DELIVERY_OPTIONS,
): Checkout {
  const status = effectiveStatus(row, now);
  const products = [...lines].sort((a, b) => a.position - b.position).map((l) => l.product as CartProduct);
  const total = row.subtotalMinor + (row.shippingMinor ?? 0);
  return {
    id: row.id,
    cart_id: row.cartId,
    shop_slug: row.shopSlug,
    status,
    expires_at: row.expiresAt.toISOString(),
    seconds_left: status === 'open' || status === 'ready' ? Math.max(0, Math.floor((row.expiresAt.getTime() - now.getTime()) / 1000)) : 0,
    supplier: row.supplierId,
    supplier_name: row.supplierName,
    dssupplier: row.dssupplierId,
    currency: row.currency,
    lines: products,
    subtotal: formatMinorUnits(row.subtotalMinor),
    subtotal_minor: row.subtotalMinor,
    shipping: row.shippingMinor === null ? null : formatMinorUnits(row.shippingMinor),
    shipping_minor: row.shippingMinor,
    total: formatMinorUnits(total),
    total_minor: total,
    contact: (row.contact as Checkout['contact']) ?? null,
    address: (row.address as Checkout['address']) ?? null,
    delivery: (row.delivery as Checkout['delivery']) ?? null,
    needs_delivery: needsDelivery(products),
    delivery_options: deliveryOptions,
    needs_attendees: row.needsAttendees,
    attendees: (row.attendees as Checkout['attendees']) ?? [],
    enabled_payment_types: (row.enabledPaymentTypes as string[]) ?? [],
    payment_token: row.paymentToken,
    ...(row.referral ? { referral: row.referral } : {}),
    ...(row.campaign ? { campaign: row.campaign } : {}),
    ...(row.clickId ? { click_id: row.clickId } : {}),
    public_slug: row.publicSlug,
  };
}
