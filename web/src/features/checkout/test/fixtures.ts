import type { CartProduct, Checkout, CheckoutDeliveryOptions } from '../api/types';

export const CHECKOUT_ID = 'chk_01';
export const SHOP = 'demo';

export function productLine(amount: number, overrides: Partial<CartProduct> = {}): CartProduct {
  const id = overrides.id ?? 'item-product';
  return {
    id,
    // A line without a variant: its line id is the item id.
    line_id: id,
    variant: {},
    name: 'Jarrón de barro',
    photo: null,
    description: 'Hecho a mano.',
    amount,
    available: 10,
    stock_type: 'onstock',
    disabled: false,
    disabled_reason: null,
    max_purchase_amount: null,
    unit_price: '250.00',
    unit_price_minor: 25000,
    total: (250 * amount).toFixed(2),
    total_minor: 25000 * amount,
    currency: 'MXN',
    type: 'product',
    item_slug: 'jarron-de-barro',
    owner_id: 'supplier-1',
    ...overrides,
  };
}

export function experienceLine(amount: number): CartProduct {
  return productLine(amount, { id: 'item-experience', name: 'Taller de cerámica', type: 'experience', item_slug: 'taller' });
}

/** A digital item: nothing to deliver. */
export function digitalLine(amount: number): CartProduct {
  return productLine(amount, { id: 'item-digital', name: 'Patrones de bordado (PDF)', type: 'digital', item_slug: 'patrones' });
}

/** What a shipper may offer; by default every method, fixed shipping at $99.00 in 3 days. */
export function deliveryOptions(overrides: Partial<CheckoutDeliveryOptions> = {}): CheckoutDeliveryOptions {
  return {
    fixed: { price: '99.00', price_minor: 9900, currency: 'MXN', days: 3 },
    scheduled: false,
    broker: true,
    pickup: true,
    ...overrides,
  };
}

export const NO_DELIVERY_OPTIONS: CheckoutDeliveryOptions = { fixed: null, scheduled: false, broker: false, pickup: false };

/** A checkout as GET /checkout/{id} answers it; `needs_delivery` follows the lines unless given (as the service's). */
export function checkoutFixture(overrides: Partial<Checkout> = {}): Checkout {
  const lines = overrides.lines ?? [productLine(2)];
  const subtotal = lines.reduce((sum, line) => sum + line.total_minor, 0);
  const needsDelivery = overrides.needs_delivery ?? lines.some((line) => line.type === 'product');
  return {
    id: CHECKOUT_ID,
    cart_id: 'cart-1',
    shop_slug: SHOP,
    status: 'open',
    expires_at: new Date(Date.now() + 900_000).toISOString(),
    seconds_left: 900,
    supplier: 'supplier-1',
    supplier_name: 'Artesanías del Sol',
    dssupplier: null,
    currency: 'MXN',
    lines,
    subtotal: (subtotal / 100).toFixed(2),
    subtotal_minor: subtotal,
    shipping: null,
    shipping_minor: null,
    total: (subtotal / 100).toFixed(2),
    total_minor: subtotal,
    contact: null,
    address: null,
    delivery: null,
    needs_delivery: needsDelivery,
    delivery_options: needsDelivery ? deliveryOptions() : NO_DELIVERY_OPTIONS,
    needs_attendees: false,
    attendees: [],
    enabled_payment_types: ['card', 'spei'],
    payment_token: null,
    public_slug: null,
    ...overrides,
  };
}
