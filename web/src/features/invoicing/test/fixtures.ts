import type { OrderLine, PurchaseOrder } from '@vitrina/contracts';
import { ME } from '@/test/account-fixtures';

export const OWNER = `${ME}:${ME}`;

export function orderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id: 'l1',
    item_id: 'item_1',
    item_type: 'product',
    item_slug: 'taza-de-barro',
    name: 'Taza de barro',
    photo: null,
    variant: {},
    quantity: 1,
    unit_price_minor: 50000,
    unit_price: '500.00',
    total_minor: 50000,
    total: '500.00',
    review_id: null,
    ...overrides,
  };
}

/** A delivered card order of one line, as its customer sees it (no invoicing data yet). */
export function deliveredOrder(overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  return {
    id: 'ord_1',
    checkout_id: 'chk_1',
    placed_at: '2026-11-20T15:30:00.000Z',
    state: 'delivered',
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
    delivery_type: 'fixed',
    currency: 'MXN',
    total_minor: 60000,
    total: '600.00',
    summary: 'Taza de barro',
    photo: null,
    items_count: 1,
    viewer: 'customer',
    contact: { name: 'Ana Pérez', email: 'ana@example.com', phone: '5512345678', phone_country: 'MX' },
    lines: [orderLine()],
    subtotal_minor: 50000,
    subtotal: '500.00',
    shipping_total_minor: 10000,
    shipping_total: '100.00',
    shipping_cost_minor: null,
    shipping_cost: null,
    extra_charge_minor: 0,
    extra_charge: '0.00',
    courtesy: false,
    in_store: false,
    address: null,
    delivery: null,
    branch: null,
    estimated_delivery_date: null,
    tracking_number: null,
    tracking_url: null,
    tracking_status: null,
    cancellation: null,
    refund: null,
    delivered_at: '2026-11-23T10:00:00.000Z',
    return_deadline: '2026-11-26T10:00:00.000Z',
    invoicing: null,
    attendees_count: 0,
    history: [],
    actions: [],
    ...overrides,
  };
}
