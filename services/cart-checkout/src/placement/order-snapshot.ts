import type {
  CheckoutAddress,
  CheckoutAttendee,
  CheckoutContact,
  CheckoutDelivery,
  CheckoutOrderSnapshot,
  CartProduct,
  OrderPaymentType,
} from '@vitrina/contracts';
import type { Tx } from '@vitrina/platform';
import { asc, eq, inArray } from 'drizzle-orm';
import * as schema from '../db/schema.js';

type CheckoutRow = typeof schema.checkouts.$inferSelect;

/**
 * The checkout as an order is made of it (contracts: CheckoutOrderSnapshot): its lines as they were sold (name, photo,
 * price, variant), the delivery, the contact and the attendees. Read inside the transaction that pays or places the
 * checkout, so the event that carries it and the checkout's new status commit together.
 */
export async function orderSnapshot(
  tx: Tx<typeof schema>,
  checkout: CheckoutRow,
  payment: { paymentType: OrderPaymentType; prepaid: boolean; chargeId: string | null; financingCostMinor: number; placedAt: Date },
): Promise<CheckoutOrderSnapshot> {
  const lines = await tx
    .select()
    .from(schema.checkoutLines)
    .where(eq(schema.checkoutLines.checkoutId, checkout.id))
    .orderBy(asc(schema.checkoutLines.position));
  const [shop] = await tx.select().from(schema.shops).where(eq(schema.shops.shopId, checkout.shopId));
  const itemIds = lines.map((l) => l.itemId);
  const items = itemIds.length
    ? await tx
        .select({
          itemId: schema.items.itemId,
          experienceDate: schema.items.experienceDate,
          contributionMarginMinor: schema.items.contributionMarginMinor,
        })
        .from(schema.items)
        .where(inArray(schema.items.itemId, itemIds))
    : [];
  const dates = new Map(items.map((i) => [i.itemId, i.experienceDate]));
  const margins = new Map(items.map((i) => [i.itemId, i.contributionMarginMinor]));
  let dssupplierName: string | null = null;
  if (checkout.dssupplierId) {
    const [named] = await tx.select().from(schema.supplierNames).where(eq(schema.supplierNames.userId, checkout.dssupplierId));
    dssupplierName = named?.name ?? null;
  }
  return {
    checkoutId: checkout.id,
    userId: checkout.userId,
    shopId: checkout.shopId,
    shopSlug: checkout.shopSlug,
    shopName: shop?.name ?? checkout.shopSlug,
    shopOwnerId: shop?.ownerId ?? checkout.supplierId,
    supplierId: checkout.supplierId,
    supplierName: checkout.supplierName,
    dssupplierId: checkout.dssupplierId,
    dssupplierName,
    currency: checkout.currency,
    subtotalMinor: checkout.subtotalMinor,
    shippingMinor: checkout.shippingMinor ?? 0,
    financingCostMinor: payment.financingCostMinor,
    paymentType: payment.paymentType,
    prepaid: payment.prepaid,
    chargeId: payment.chargeId,
    contact: (checkout.contact as CheckoutContact | null) ?? null,
    address: (checkout.address as CheckoutAddress | null) ?? null,
    delivery: (checkout.delivery as CheckoutDelivery | null) ?? null,
    attendees: (checkout.attendees as CheckoutAttendee[] | null) ?? [],
    referral: checkout.referral,
    campaign: checkout.campaign,
    clickId: checkout.clickId,
    placedAt: payment.placedAt.toISOString(),
    lines: lines.map((l) => {
      const p = l.product as CartProduct;
      const date = dates.get(l.itemId);
      return {
        itemId: l.itemId,
        variantKey: l.variantKey,
        variant: p.variant ?? {},
        name: p.name,
        photo: p.photo,
        type: p.type,
        slug: p.item_slug,
        ownerId: p.owner_id,
        quantity: l.quantity,
        unitPriceMinor: l.unitPriceMinor,
        contributionMarginMinor: margins.get(l.itemId) ?? 0,
        experienceDate: date ? date.toISOString() : null,
      };
    }),
  };
}
