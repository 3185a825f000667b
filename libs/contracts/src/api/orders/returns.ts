import { z } from 'zod';
import { listOf } from '../list.js';
import { CatalogueReturnInfoSchema } from '../catalogue/item.js';

/**
 * Returns and refunds (issue 14; spec 3 §2 'Return request', §3 'Return info', 'Return request', 'Refund', §4
 * 'Returns', 'Refund', §5, §8 'Returns and refunds', §9). A return request belongs to one order; the seller adds
 * notes, refunds up to the amount available and closes it; closing it (or the return window closing without one)
 * settles the order into the wallets. Money is integer minor units and a currency; the strings beside them are the
 * same amounts with 2 decimals.
 */

/** spec 3 §9: the 17 return reasons, in the spec's order. */
export const RETURN_REASONS = [
  'incomplete_package',
  'different_from_ordered',
  'defects_after_use',
  'does_not_work',
  'broken_or_scratched',
  'part_does_not_work',
  'brand_imitation',
  'quality_not_as_expected',
  'defective',
  'fewer_products',
  'package_missing',
  'parts_or_accessories_missing',
  'empty_package',
  'invoice_not_received',
  'wrong_color_size_model',
  'something_different_received',
  'not_as_described',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** The reasons as the spec words them (es; the web holds en and es-AR). */
export const RETURN_REASON_NAMES: Record<ReturnReason, string> = {
  incomplete_package: 'Paquete incompleto',
  different_from_ordered: 'Es distinto a lo que pedí',
  defects_after_use: 'Presentó defectos después de usarlo',
  does_not_work: 'No funciona',
  broken_or_scratched: 'Llegó roto o rayado',
  part_does_not_work: 'Una parte no funciona',
  brand_imitation: 'Es una imitación de la marca',
  quality_not_as_expected: 'La calidad no es la que esperaba',
  defective: 'Está defectuoso',
  fewer_products: 'Llegaron menos productos de los que compré',
  package_missing: 'No llegó el paquete',
  parts_or_accessories_missing: 'Faltan piezas o accesorios',
  empty_package: 'Paquete vacío o solo con relleno',
  invoice_not_received: 'No recibí la factura',
  wrong_color_size_model: 'Color, talla o modelo equivocado',
  something_different_received: 'Recibí algo diferente',
  not_as_described: 'No es como se describe',
};

/** spec 3 §3 'Refund': pending, failed or success. */
export const REFUND_STATUSES = ['pending', 'failed', 'success'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** spec 3 §3 'Return request': open or closed. */
export const RETURN_STATUSES = ['open', 'closed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** A seller's note is visible to the client or internal (the seller's side only). */
export const RETURN_NOTE_VISIBILITIES = ['client', 'internal'] as const;
export type ReturnNoteVisibility = (typeof RETURN_NOTE_VISIBILITIES)[number];

/** Who wrote or did something on a return. */
export const RETURN_ACTORS = ['customer', 'supplier', 'dssupplier', 'system'] as const;
export type ReturnActor = (typeof RETURN_ACTORS)[number];

/** Where a refund goes: back through the payment provider, or to the customer's wallet (add_to_wallet). */
export const REFUND_DESTINATIONS = ['original', 'wallet'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/** The request's record ('Historial'): every event, in order. */
export const RETURN_RECORD_KINDS = [
  'requested',
  'comment',
  'note',
  'refund_to_wallet_chosen',
  'refund_requested',
  'refund_succeeded',
  'refund_failed',
  'label_issued',
  'closed',
] as const;
export type ReturnRecordKind = (typeof RETURN_RECORD_KINDS)[number];

export const ReturnLimits = {
  /** spec 3 §4 and §9: within 72 hours of receiving the order (and before its return deadline). */
  windowHours: 72,
  /** spec 3 §5 'Return photos have a maximum size': at most this many, each a gallery file (its size and type checked there). */
  photosMax: 5,
  subReasonMax: 200,
  commentsMax: 2000,
  noteMax: 2000,
  pageSize: 20,
  pageMax: 100,
  /** The largest single refund, in minor units (a guard against typos; the real cap is the amount available). */
  refundMaxMinor: 100_000_000,
  /** The return label (spec 3 §3 'return_shipping_label'): where the package goes, as the seller writes it. */
  labelShipToMin: 10,
  labelShipToMax: 500,
  labelCarrierMax: 60,
  labelTrackingMax: 60,
} as const;

/** Refusal codes of the return calls (spec 3 §8 'Returns and refunds'). */
export const ReturnErrorCodes = {
  returnNotFound: 'return_not_found',
  /** 409: the order has not been received (delivered) yet. */
  orderNotReceived: 'order_not_received',
  /** 409: 'return deadline expired' (72 h after receipt, or the order's return deadline). */
  returnDeadlineExpired: 'return_deadline_expired',
  /** 409: a cancelled order cannot be returned. */
  orderCancelled: 'order_cancelled',
  /** 409: the item's return_info says return_type 'disallowed'. */
  returnDisallowed: 'return_disallowed',
  /** 409: the order already has an open request. */
  returnAlreadyOpen: 'return_already_open',
  /** 409: the request is closed: no more refunds, notes or closing. */
  returnClosed: 'return_closed',
  /** 422: 'The amount entered is greater than the amount available'. */
  refundExceedsAvailable: 'refund_exceeds_available',
  /** 502: 'The refund could not be completed successfully'. */
  refundFailed: 'refund_failed',
  /** 409: the order was not paid through the platform (pay later): nothing can be refunded here. */
  refundNotPrepaid: 'refund_not_prepaid',
  /** 404: the seller has not issued the return label yet. */
  returnLabelMissing: 'return_label_missing',
} as const;
export type ReturnErrorCode = (typeof ReturnErrorCodes)[keyof typeof ReturnErrorCodes];

/** spec 3 §8 'Returns and refunds', word for word (the web shows them translated; {amount} with 2 decimals). */
export const ReturnMessages = {
  started: 'Return started successfully',
  closed: 'Return request closed',
  refunded: 'successfully refunded {amount}',
  refundExceedsAvailable: 'The amount entered is greater than the amount available',
  refundFailed: 'The refund could not be completed successfully',
  deadlineExpired: 'return deadline expired',
} as const;

const money = { minor: z.number().int(), text: z.string() };

export const ReturnRefundSchema = z
  .object({
    id: z.string(),
    return_id: z.string(),
    amount_minor: money.minor,
    amount: money.text,
    currency: z.string(),
    status: z.enum(REFUND_STATUSES),
    destination: z.enum(REFUND_DESTINATIONS),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ReturnRefund' });
export type ReturnRefund = z.infer<typeof ReturnRefundSchema>;

export const ReturnNoteSchema = z
  .object({
    id: z.string(),
    body: z.string(),
    /** A customer's comment is always 'client'. */
    visibility: z.enum(RETURN_NOTE_VISIBILITIES),
    author: z.enum(RETURN_ACTORS),
    author_name: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'ReturnNote' });
export type ReturnNote = z.infer<typeof ReturnNoteSchema>;

/**
 * The return shipping label (spec 3 §3 'return_shipping_label': inbox or download). No carrier is connected: the seller
 * (supplier, or the dropshipping supplier who shipped) issues it with the address the package goes to and, when they
 * bought a carrier's guide, its carrier and number; the platform prints it as a PDF with the return's QR code. With
 * 'download' the customer downloads it from the request; with 'inbox' it is also sent to the customer's e-mail.
 */
export const ReturnLabelSchema = z
  .object({
    ship_to: z.string(),
    carrier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    issued_at: z.string(),
    issued_by: z.enum(RETURN_ACTORS),
  })
  .meta({ id: 'ReturnLabel' });
export type ReturnLabel = z.infer<typeof ReturnLabelSchema>;

/** The label PDF (application/pdf). */
export const ReturnLabelPdfSchema = z
  .instanceof(Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'The return label (application/pdf)' });

export const ReturnRecordEntrySchema = z
  .object({
    kind: z.enum(RETURN_RECORD_KINDS),
    actor: z.enum(RETURN_ACTORS),
    at: z.string(),
    /** Refund entries: the amount. */
    amount_minor: money.minor.nullable(),
    amount: money.text.nullable(),
  })
  .meta({ id: 'ReturnRecordEntry' });
export type ReturnRecordEntry = z.infer<typeof ReturnRecordEntrySchema>;

/** A return request in a list (customer's or seller's), filtered by open or closed. */
const returnSummaryShape = {
  id: z.string(),
  order_id: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  sub_reason: z.string(),
  customer_name: z.string(),
  supplier: z.string(),
  supplier_name: z.string(),
  shop_slug: z.string(),
  /** The order's summary and thumbnail. */
  summary: z.string(),
  photo: z.string().nullable(),
  currency: z.string(),
  refunded_minor: money.minor,
  refunded: money.text,
  created_at: z.string(),
  closed_at: z.string().nullable(),
  viewer: z.enum(['customer', 'supplier', 'dssupplier']),
};
export const ReturnSummarySchema = z.object(returnSummaryShape).meta({ id: 'ReturnSummary' });
export type ReturnSummary = z.infer<typeof ReturnSummarySchema>;
export const ReturnSummaryListSchema = listOf(ReturnSummarySchema).meta({ id: 'ReturnSummaryList' });
export type ReturnSummaryList = z.infer<typeof ReturnSummaryListSchema>;

/** A return request whole: the tabs Solicitud (the request), Historial (record), Reembolsos (refunds), Comentarios (notes). */
export const ReturnRequestSchema = z
  .object({
    ...returnSummaryShape,
    photos: z.array(z.string()),
    comments: z.string(),
    refund_to: z.enum(REFUND_DESTINATIONS),
    /** The items' return terms when the request was made (spec 3 §3 'Return info'). */
    return_info: CatalogueReturnInfoSchema.nullable(),
    /** What was captured for the order. */
    captured_minor: money.minor,
    captured: money.text,
    restocking_minor: money.minor,
    restocking: money.text,
    /** spec 3 §3 'Refund': amount available = captured − refunded (pending included) − restocking. */
    available_minor: money.minor,
    available: money.text,
    record: z.array(ReturnRecordEntrySchema),
    refunds: z.array(ReturnRefundSchema),
    /** Notes and comments the caller may see (internal notes only on the seller's side). */
    notes: z.array(ReturnNoteSchema),
    /** The return label, once the seller issued it (its PDF: GET …/returns/{id}/label.pdf). */
    label: ReturnLabelSchema.nullable(),
    /** What the caller may do now. */
    can_issue_label: z.boolean(),
    can_refund: z.boolean(),
    can_close: z.boolean(),
    can_add_to_wallet: z.boolean(),
  })
  .meta({ id: 'ReturnRequest' });
export type ReturnRequest = z.infer<typeof ReturnRequestSchema>;

/** On an order's detail: whether 'Solicitar devolución' shows, and why not (a code of ReturnErrorCodes). */
export const OrderReturnEligibilitySchema = z
  .object({
    allowed: z.boolean(),
    refusal: z.string().nullable(),
    /** Until when a request can be made (72 h after receipt, capped by the return deadline). */
    until: z.string().nullable(),
    /** The order's request, when there is one. */
    return_id: z.string().nullable(),
    return_info: CatalogueReturnInfoSchema.nullable(),
  })
  .meta({ id: 'OrderReturnEligibility' });
export type OrderReturnEligibility = z.infer<typeof OrderReturnEligibilitySchema>;
