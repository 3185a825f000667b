/**
 * The cart's answers as the HTTP contract of issue 11 describes them (snake_case; money as `x` + `x_minor` +
 * `currency`).
 */

export type CartDisabledReason = 'unpublished' | 'deleted' | 'sold_out' | 'concluded';

export interface CartProduct {
  id: string;
  name: string;
  photo: string | null;
  description: string;
  amount: number;
  available: number | null;
  stock_type: 'onstock' | 'ondemand';
  disabled: boolean;
  disabled_reason: CartDisabledReason | null;
  max_purchase_amount: number | null;
  unit_price: string;
  unit_price_minor: number;
  total: string;
  total_minor: number;
  currency: string;
  type: 'product' | 'service' | 'experience' | 'digital';
  item_slug: string;
  owner_id: string;
}

export interface CartOrder {
  id: string;
  supplier: string;
  supplier_name: string;
  dssupplier: string | null;
  currency: string;
  total: string;
  total_minor: number;
  amount: number;
  products: CartProduct[];
  aggregated: boolean;
  is_configured: boolean;
  supplier_info: { enabled_payment_types: string[] };
  dssupplier_info: {
    fixed_shipping_cost: string | null;
    fixed_shipping_cost_minor: number | null;
    fixed_shipping_days: number | null;
    name: string;
  } | null;
  public_slug: string | null;
}

export interface CartAdjustment {
  item_id: string;
  requested: number;
  amount: number;
  code: string;
}

export interface Cart {
  cart_id: string | null;
  shop_slug: string;
  total_products: number;
  amount: string;
  amount_minor: number;
  currency: string;
  orders: CartOrder[];
  adjustments?: CartAdjustment[];
}

export interface CartTotal {
  total_products: number;
  amount: string;
  amount_minor: number;
  currency: string;
}

export interface CartLineInput {
  item_id: string;
  amount: number;
}

/** The part of a Checkout the cart needs: where to go next. */
export interface CheckoutCreated {
  id: string;
}
