import type {
  CheckoutAddress,
  CheckoutAttendee,
  CheckoutContact,
  CheckoutDelivery,
  CheckoutOrderSnapshot,
  CartProduct,
  OrderPaymentType,
} from '@vitrina/contracts';
import { PreparedSql, rowFromJson, type Tx } from '@vitrina/platform';
import { sql, type SQL } from 'drizzle-orm';
import * as schema from '../db/schema.js';

type CheckoutRow = typeof schema.checkouts.$inferSelect;

/** What a snapshot needs beside the checkout row, as one statement reads it (`partsOf`). */
interface SnapshotParts {
  lines: {
    itemId: string;
    variantKey: string;
    quantity: number;
    unitPriceMinor: number;
    product: CartProduct;
    /** The item's, from the projection (JSON: ISO text or null). */
    experienceDate: string | null;
    contributionMarginMinor: number | null;
  }[];
  shop_name: string | null;
  shop_owner_id: string | null;
  dssupplier_name: string | null;
}

const p = sql.placeholder;

/**
 * The select list that reads a snapshot's parts for the checkout row `c` in one round trip (it was four: lines, their
 * items, the shop, the dropshipping supplier's name): lines in their order as JSON, with their items' experience dates
 * and contribution margins, and the names beside them.
 */
function partsOf(): SQL {
  return sql`
    (select coalesce(json_agg(json_build_object(
        'itemId', l.item_id, 'variantKey', l.variant_key, 'quantity', l.quantity, 'unitPriceMinor', l.unit_price_minor,
        'product', l.product, 'experienceDate', i.experience_date, 'contributionMarginMinor', i.contribution_margin_minor
      ) order by l.position), '[]'::json)
      from ${schema.checkoutLines} l left join ${schema.items} i on i.item_id = l.item_id
      where l.checkout_id = c.id) as lines,
    s.name as shop_name, s.owner_id as shop_owner_id,
    (select n.name from ${schema.supplierNames} n where n.user_id = c.dssupplier_id) as dssupplier_name`;
}

const READ_PARTS = new PreparedSql<{ id: string }>(
  () => sql`select ${partsOf()} from ${schema.checkouts} c left join ${schema.shops} s on s.shop_id = c.shop_id where c.id = ${p('id')}`,
);

/**
 * The gate of a payment (ready → paid, once, while the checkout's time lasts) and the parts of its order's snapshot in
 * the same statement: the UPDATE's RETURNING row feeds the reads, so paying a checkout costs one round trip, not five.
 */
const PAY_AND_READ = new PreparedSql<{ id: string; attemptId: string; now: string }>(
  () => sql`
    with c as (
      update ${schema.checkouts} set status = 'paid', paid_attempt_id = ${p('attemptId')}, paid_at = ${p('now')}::timestamptz,
        updated_at = now()
      where id = ${p('id')} and status in ('open', 'ready') and expires_at > ${p('now')}::timestamptz
      returning *
    )
    select row_to_json(c) as checkout, ${partsOf()} from c left join ${schema.shops} s on s.shop_id = c.shop_id`,
);

type SnapshotPayment = {
  paymentType: OrderPaymentType;
  prepaid: boolean;
  chargeId: string | null;
  financingCostMinor: number;
  placedAt: Date;
};

/**
 * The checkout as an order is made of it (contracts: CheckoutOrderSnapshot): its lines as they were sold (name, photo,
 * price, variant), the delivery, the contact and the attendees. Read inside the transaction that pays or places the
 * checkout, so the event that carries it and the checkout's new status commit together.
 */
export async function orderSnapshot(
  tx: Tx<typeof schema>,
  checkout: CheckoutRow,
  payment: SnapshotPayment,
): Promise<CheckoutOrderSnapshot> {
  const [parts] = await READ_PARTS.execute<SnapshotParts>(tx, { id: checkout.id });
  return snapshotOf(checkout, parts, payment);
}

/**
 * Pays the checkout for `attemptId` if it can take it (open or ready, not expired at `now`) and answers it with its
 * order's snapshot; undefined when it cannot (paid already, expired, gone): nothing is written then.
 */
export async function payCheckout(
  tx: Tx<typeof schema>,
  checkoutId: string,
  attemptId: string,
  now: Date,
  payment: Omit<SnapshotPayment, 'placedAt'>,
): Promise<{ checkout: CheckoutRow; order: CheckoutOrderSnapshot } | undefined> {
  const [row] = await PAY_AND_READ.execute<SnapshotParts & { checkout: Record<string, unknown> }>(tx, {
    id: checkoutId,
    attemptId,
    now: now.toISOString(),
  });
  if (!row) return undefined;
  const checkout = rowFromJson(schema.checkouts, row.checkout);
  return { checkout, order: snapshotOf(checkout, row, { ...payment, placedAt: now }) };
}

function snapshotOf(checkout: CheckoutRow, parts: SnapshotParts | undefined, payment: SnapshotPayment): CheckoutOrderSnapshot {
  return {
    checkoutId: checkout.id,
    userId: checkout.userId,
    shopId: checkout.shopId,
    shopSlug: checkout.shopSlug,
    shopName: parts?.shop_name ?? checkout.shopSlug,
    shopOwnerId: parts?.shop_owner_id ?? checkout.supplierId,
    supplierId: checkout.supplierId,
    supplierName: checkout.supplierName,
    dssupplierId: checkout.dssupplierId,
    dssupplierName: checkout.dssupplierId ? (parts?.dssupplier_name ?? null) : null,
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
    lines: (parts?.lines ?? []).map((l) => {
      const product = l.product;
      return {
        itemId: l.itemId,
        variantKey: l.variantKey,
        variant: product.variant ?? {},
        name: product.name,
        photo: product.photo,
        type: product.type,
        slug: product.item_slug,
        ownerId: product.owner_id,
        quantity: l.quantity,
        unitPriceMinor: l.unitPriceMinor,
        contributionMarginMinor: l.contributionMarginMinor ?? 0,
        experienceDate: l.experienceDate ? new Date(l.experienceDate).toISOString() : null,
      };
    }),
  };
}
