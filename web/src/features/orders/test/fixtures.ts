import type { OrderSummary, OrderSummaryList, PurchaseOrder } from '@vitrina/contracts';
import { ME } from '@/test/account-fixtures';

export const OWNER = `${ME}:${ME}`;
/** The customer's orders, the seller's, the dropshipping supplier's (gateway paths). */
export const MY_ORDERS = `/api/orders/${OWNER}/orders`;
export const SELLER_ORDERS = `/api/orders/admin/suppliers/${OWNER}/orders`;
export const DS_ORDERS = `/api/orders/${OWNER}/dssupplier/orders`;

/** A prepaid order of 2 lines, delivered by a courier, in transit (newest first lists start at ord_1). */
export function orderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: 'ord_1',
    checkout_id: 'chk_01',
    placed_at: '2026-11-20T15:30:00.000Z',
    state: 'in_transit',
    shop_slug: 'demo',
    sold_by: 'Tienda Demo',
    supplier: 'sup_1',
    supplier_name: 'Proveedora Sur',
    supplier_image: null,
    dssupplier: null,
    dssupplier_name: null,
    customer_name: 'Ana Pérez',
    payment_type: 'card',
    prepaid: true,
    delivery_type: 'broker',
    currency: 'MXN',
    total_minor: 123450,
    total: '1234.50',
    summary: 'Taza de barro y 1 más',
    photo: null,
    items_count: 2,
    viewer: 'customer',
    ...overrides,
  };
}

export function orderList(results: OrderSummary[], matches = results.length): OrderSummaryList {
  return { results, matches_estimated: matches };
}

export function purchaseOrder(overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  return {
    ...orderSummary(),
    contact: { name: 'Ana Pérez', email: 'ana@example.com', phone: '5512345678', phone_country: 'MX' },
    lines: [
      {
        id: 'line_1',
        item_id: 'item_1',
        item_type: 'product',
        item_slug: 'taza-de-barro',
        name: 'Taza de barro',
        photo: null,
        variant: { Color: 'Rojo' },
        quantity: 2,
        unit_price_minor: 50000,
        unit_price: '500.00',
        total_minor: 100000,
        total: '1000.00',
        review_id: null,
      },
      {
        id: 'line_2',
        item_id: 'item_2',
        item_type: 'product',
        item_slug: 'plato',
        name: 'Plato hondo',
        photo: null,
        variant: {},
        quantity: 1,
        unit_price_minor: 13450,
        unit_price: '134.50',
        total_minor: 13450,
        total: '134.50',
        review_id: null,
      },
    ],
    subtotal_minor: 113450,
    subtotal: '1134.50',
    shipping_total_minor: 10000,
    shipping_total: '100.00',
    shipping_cost_minor: null,
    shipping_cost: null,
    extra_charge_minor: 0,
    extra_charge: '0.00',
    courtesy: false,
    in_store: false,
    address: {
      id: 'addr_1',
      address_name: 'Ana Pérez',
      address_phone: '5512345678',
      street_address: 'Av. Juárez 10',
      route: 'Av. Juárez',
      street_number: '10',
      country: 'MX',
      administrative_area_level_1: 'CMX',
      locality: 'Cuauhtémoc',
      sublocality: 'Centro',
      postal_code: '06000',
      formatted_address: 'Av. Juárez 10, Centro, Cuauhtémoc, CDMX, 06000',
    },
    delivery: { type: 'broker', carrier: 'Estafeta', service: 'Express', days: 2, price: '100.00', price_minor: 10000 },
    branch: null,
    estimated_delivery_date: '2026-11-28',
    tracking_number: 'EST123456',
    tracking_url: 'https://tracking.example.com/EST123456',
    tracking_status: 'in_transit',
    cancellation: null,
    refund: null,
    delivered_at: null,
    return_deadline: null,
    invoicing: null,
    attendees_count: 0,
    history: [
      { from: null, to: 'in_process', actor: 'system', at: '2026-11-20T15:30:00.000Z' },
      { from: 'in_process', to: 'to_deliver', actor: 'supplier', at: '2026-11-21T10:00:00.000Z' },
      { from: 'to_deliver', to: 'in_transit', actor: 'system', at: '2026-11-22T09:00:00.000Z' },
    ],
    actions: [{ action: 'next', to: 'delivered', needs_quote: false }],
    return_eligibility: { allowed: false, refusal: 'order_not_received', until: null, return_id: null, return_info: null },
    ...overrides,
  };
}

/** A pay-later order (cash on delivery) waiting for the customer to accept the seller's quote. */
export function quotedOrder(overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  return purchaseOrder({
    state: 'awaiting_customer',
    payment_type: 'ondelivery',
    prepaid: false,
    delivery_type: 'fixed',
    delivery: { type: 'fixed', days: 3, price: '100.00', price_minor: 10000 },
    estimated_delivery_date: '2026-12-01',
    shipping_cost_minor: 15050,
    shipping_cost: '150.50',
    tracking_number: null,
    tracking_url: null,
    tracking_status: null,
    history: [
      { from: null, to: 'sent_to_supplier', actor: 'customer', at: '2026-11-20T15:30:00.000Z' },
      { from: 'sent_to_supplier', to: 'awaiting_customer', actor: 'supplier', at: '2026-11-21T10:00:00.000Z' },
    ],
    actions: [
      { action: 'confirm', to: 'in_process', needs_quote: false },
      { action: 'cancel', to: 'cancelled_by_customer', needs_quote: false },
    ],
    ...overrides,
  });
}
