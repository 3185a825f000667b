import type {
  OrderReturnEligibility,
  PurchaseOrder,
  ReturnLabel,
  ReturnRequest,
  ReturnSummary,
  ReturnSummaryList,
} from '@vitrina/contracts';
import { ME } from '@/test/account-fixtures';
import { deliveredOrder } from '@/test/order-fixtures';

export const OWNER = `${ME}:${ME}`;
export const MY_ORDERS = `/api/orders/${OWNER}/orders`;
export const MY_RETURNS = `/api/orders/${OWNER}/returns`;
export const SELLER_RETURNS = `/api/orders/admin/suppliers/${OWNER}/returns`;
export const DS_RETURNS = `/api/orders/${OWNER}/dssupplier/returns`;
export const GALLERY = `/api/gallery/${OWNER}`;

/** A 72-hour return window still open, the customer paying the shipping, a 15 % restocking fee, the label by inbox. */
export function eligibility(overrides: Partial<OrderReturnEligibility> = {}): OrderReturnEligibility {
  return {
    allowed: true,
    refusal: null,
    until: '2099-11-29T10:00:00.000Z',
    return_id: null,
    return_info: {
      return_type: '72hrs',
      return_fees: 'customer_feed',
      return_policy: 'customized',
      return_policy_legend: 'Sin uso y con etiquetas.',
      return_shipping_label: 'inbox',
      restocking_fees: 15,
    },
    ...overrides,
  };
}

export function orderWithReturn(overrides: Partial<OrderReturnEligibility> = {}, order: Partial<PurchaseOrder> = {}): PurchaseOrder {
  return deliveredOrder({ return_eligibility: eligibility(overrides), ...order });
}

export function returnSummary(overrides: Partial<ReturnSummary> = {}): ReturnSummary {
  return {
    id: 'ret_1',
    order_id: 'ord_1',
    status: 'open',
    reason: 'defective',
    sub_reason: 'La pantalla no enciende',
    customer_name: 'Ana Pérez',
    supplier: 'sup_1',
    supplier_name: 'Proveedora Sur',
    shop_slug: 'demo',
    summary: 'Taza de barro',
    photo: null,
    currency: 'MXN',
    refunded_minor: 0,
    refunded: '0.00',
    created_at: '2026-11-24T10:00:00.000Z',
    closed_at: null,
    viewer: 'customer',
    ...overrides,
  };
}

export function returnList(results: ReturnSummary[], matches = results.length): ReturnSummaryList {
  return { results, matches_estimated: matches };
}

/** An open request on a 1,000.00 capture, 15 % restocking: 850.00 available. */
export function returnRequest(overrides: Partial<ReturnRequest> = {}): ReturnRequest {
  return {
    ...returnSummary(),
    photos: ['/api/gallery/files/p1.jpg'],
    comments: 'Llegó así desde la caja.',
    refund_to: 'original',
    return_info: eligibility().return_info,
    captured_minor: 100000,
    captured: '1000.00',
    restocking_minor: 15000,
    restocking: '150.00',
    available_minor: 85000,
    available: '850.00',
    record: [{ kind: 'requested', actor: 'customer', at: '2026-11-24T10:00:00.000Z', amount_minor: null, amount: null }],
    refunds: [],
    notes: [],
    label: null,
    can_issue_label: false,
    can_refund: false,
    can_close: false,
    can_add_to_wallet: false,
    ...overrides,
  };
}

/** The label the seller issued: a two-line address and a carrier's guide. */
export function returnLabel(overrides: Partial<ReturnLabel> = {}): ReturnLabel {
  return {
    ship_to: 'Proveedora Sur\nAv. Juárez 10, Centro, 06000 CDMX',
    carrier: 'Estafeta',
    tracking_number: 'EST123456',
    issued_at: '2026-11-25T15:00:00.000Z',
    issued_by: 'supplier',
    ...overrides,
  };
}
