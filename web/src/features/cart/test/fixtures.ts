import { cartLineId } from '@vitrina/contracts';
import type { Cart, CartOrder, CartProduct } from '@/features/cart/api/types';

export const SUPPLIER_A = '01930000-0000-7000-8000-00000000000a';
export const SUPPLIER_B = '01930000-0000-7000-8000-00000000000b';

function decimal(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

export function cartProduct(n: number, overrides: Partial<CartProduct> = {}): CartProduct {
  const amount = overrides.amount ?? 1;
  const unit = overrides.unit_price_minor ?? 10_000 * n;
  const id = overrides.id ?? `item-${n}`;
  const variant = overrides.variant ?? {};
  return {
    id,
    // as the server computes it: the item id for a line without a variant
    line_id: cartLineId(id, variant),
    variant,
    name: `Artículo ${n}`,
    photo: null,
    description: '',
    amount,
    available: 5,
    stock_type: 'onstock',
    disabled: false,
    disabled_reason: null,
    max_purchase_amount: null,
    unit_price: decimal(unit),
    unit_price_minor: unit,
    total: decimal(unit * amount),
    total_minor: unit * amount,
    currency: 'MXN',
    type: 'product',
    item_slug: `articulo-${n}`,
    owner_id: SUPPLIER_A,
    ...overrides,
  };
}

export function cartOrder(supplier: string, products: CartProduct[], overrides: Partial<CartOrder> = {}): CartOrder {
  const total = products.filter((p) => !p.disabled).reduce((sum, p) => sum + p.total_minor, 0);
  return {
    id: supplier,
    supplier,
    supplier_name: supplier === SUPPLIER_A ? 'Proveedora A' : 'Proveedora B',
    dssupplier: null,
    currency: 'MXN',
    total: decimal(total),
    total_minor: total,
    amount: products.reduce((sum, p) => sum + p.amount, 0),
    products,
    aggregated: false,
    is_configured: true,
    supplier_info: { enabled_payment_types: ['card'] },
    dssupplier_info: null,
    public_slug: null,
    ...overrides,
  };
}

export function cartJson(orders: CartOrder[], overrides: Partial<Cart> = {}): Cart {
  const lines = orders.flatMap((order) => order.products);
  const total = orders.reduce((sum, order) => sum + order.total_minor, 0);
  return {
    cart_id: 'cart-1',
    shop_slug: 'demo',
    total_products: lines.reduce((sum, p) => sum + p.amount, 0),
    amount: decimal(total),
    amount_minor: total,
    currency: 'MXN',
    orders,
    ...overrides,
  };
}
