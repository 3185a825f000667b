import { z } from 'zod';
import { ITEM_TYPES } from '../../catalogue-items.js';
import { listOf } from '../list.js';
import { CheckoutContactSchema, CheckoutDeliverySchema } from '../cart-checkout/checkout.js';
import { CheckoutAddressSchema, PAYMENT_TYPES } from '../cart-checkout/delivery.js';
import { OrderReturnEligibilitySchema, REFUND_STATUSES } from './returns.js';

/**
 * Purchase orders (issue 13; spec 3 §3 'Purchase order', 'Order states', 'Cancellation reasons', §4 'Purchase order
 * flow', §7 'Customer API', 'Supplier admin', 'Dropshipping supplier'). One order per checkout. Money is integer
 * minor units and a currency; the strings beside them are the same amounts with 2 decimals.
 */

/**
 * The order's states. The spec's labels (In process, To deliver, In transit, Paid, Delivered, Cancelled by
 * Customer, Cancelled by supplier) plus the two steps a pay-later order goes through before it is in process: sent
 * to the supplier (who confirms with an estimated delivery date and a shipping cost) and awaiting the customer's
 * confirmation of that quote. The transitions are a table in services/orders/src/domain/order.machine.ts.
 */
export const ORDER_STATES = [
  'sent_to_supplier',
  'awaiting_customer',
  'in_process',
  'to_deliver',
  'in_transit',
  'paid',
  'delivered',
  'cancelled_by_customer',
  'cancelled_by_supplier',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const CANCELLED_ORDER_STATES: readonly OrderState[] = ['cancelled_by_customer', 'cancelled_by_supplier'];
export const FINAL_ORDER_STATES: readonly OrderState[] = ['delivered', ...CANCELLED_ORDER_STATES];

/** Who acts on an order: the buyer, the seller (the supplier of the cart order), its dropshipping supplier, the system (tracking). */
export const ORDER_ACTORS = ['customer', 'supplier', 'dssupplier', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** What an actor can ask: advance (`next`), confirm (the seller's quote, the customer's acceptance), cancel. */
export const ORDER_ACTIONS = ['next', 'confirm', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Every payment_type an order can carry: the prepaid methods, the pay-later ones, and the establishment's own sales. */
export const ORDER_PAYMENT_TYPES = [...PAYMENT_TYPES, 'establishment', 'courtesy'] as const;
export type OrderPaymentType = (typeof ORDER_PAYMENT_TYPES)[number];

/** How the order reaches the customer: a delivery of the checkout, or none (services, experiences, digital items). */
export const ORDER_DELIVERY_TYPES = ['fixed', 'broker', 'pickup', 'none'] as const;
export type OrderDeliveryType = (typeof ORDER_DELIVERY_TYPES)[number];

/** spec 3 §3 'Cancellation reasons' (other takes a free-text description). */
export const CANCELLATION_REASONS = [
  'requested_by_client',
  'cannot_be_fulfilled',
  'duplicated_transaction',
  'suspected_fraud',
  'other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** The shipment as the tracking provider reports it. */
export const TRACKING_STATUSES = ['label_created', 'in_transit', 'delivered', 'failure'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** SAT catalogue c_RegimenFiscal (CFDI 4.0): the tax regimes a receiver can declare. */
export const TAX_REGIMES = [
  '601', '603', '605', '606', '607', '608', '610', '611', '612', '614', '615', '616', '620', '621', '622', '623', '624', '625', '626',
] as const; // prettier-ignore
export type TaxRegime = (typeof TAX_REGIMES)[number];
/** SAT catalogue c_UsoCFDI (CFDI 4.0). */
export const CFDI_USES = [
  'G01', 'G02', 'G03', 'I01', 'I02', 'I03', 'I04', 'I05', 'I06', 'I07', 'I08',
  'D01', 'D02', 'D03', 'D04', 'D05', 'D06', 'D07', 'D08', 'D09', 'D10', 'S01', 'CP01', 'CN01',
] as const; // prettier-ignore
export type CfdiUse = (typeof CFDI_USES)[number];

/** RFC: 3 letters (legal person) or 4 (natural person), the date yymmdd, 3 characters of homoclave. */
export const RFC_PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2}[A\d])$/;
/** Whether `rfc` (upper case) is well formed and its date exists. */
export function isValidRfc(rfc: string): boolean {
  const m = RFC_PATTERN.exec(rfc);
  if (!m) return false;
  const month = Number(m[3]);
  const day = Number(m[4]);
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31].at(month - 1) ?? 0;
  return day <= days;
}

export const OrderLimits = {
  /** spec 3 §4: a return can start within 72 hours of receiving the order. */
  returnWindowHours: 72,
  /** spec 3 §9 page sizes. */
  attendantsPageSize: 10,
  collaborationsPageSize: 10,
  ordersPageSize: 20,
  ordersPageMax: 100,
  cancellationMessageMax: 500,
  trackingNumberMax: 60,
  /** A quote's shipping cost, in minor units (MXN 100 000.00). */
  shippingCostMaxMinor: 10_000_000,
  reviewTitleMax: 120,
  reviewTextMax: 2000,
  reviewPhotosMax: 5,
  attendeeNameMax: 100,
  /** A sale in the establishment or a courtesy creates at most this many tickets at once. */
  establishmentTicketsMax: 50,
  /** Packing: a package's sides in cm and weight in g. */
  packageSideMaxCm: 300,
  packageWeightMaxG: 70_000,
} as const;

/** Refusal codes of the order calls (spec 3 §8 'Orders and cart'). */
export const OrderErrorCodes = {
  orderNotFound: 'order_not_found',
  checkoutNotFound: 'checkout_not_found',
  /** The checkout is neither paid nor payable later: the order is created when its payment succeeds. */
  checkoutNotPaid: 'checkout_not_paid',
  paymentTypeNotPayLater: 'payment_type_not_pay_later',
  /** 409: the action does not apply in the order's state. */
  illegalTransition: 'illegal_transition',
  /** 409: the order was already cancelled (spec 3 §4 'an already cancelled order is reported'). */
  alreadyCancelled: 'order_already_cancelled',
  /** 403: the caller may see the order but this action is another party's. */
  wrongActor: 'wrong_actor',
  quoteRequired: 'quote_required',
  invalidRfc: 'invalid_rfc',
  attendantNotFound: 'attendant_not_found',
  ticketInvalid: 'ticket_invalid',
  ticketAlreadyUsed: 'ticket_already_used',
  notQrReader: 'not_qr_reader',
  lineNotFound: 'line_not_found',
  reviewNotAllowed: 'review_not_allowed',
  reviewExists: 'review_exists',
  reviewNotFound: 'review_not_found',
  packageNotFound: 'package_not_found',
  ordersUnavailable: 'orders_service_unavailable',
} as const;
export type OrderErrorCode = (typeof OrderErrorCodes)[keyof typeof OrderErrorCodes];

const money = { minor: z.number().int(), text: z.string() };

export const OrderLineSchema = z
  .object({
    /** The line's id within the order (stable: reviews and packing name it). */
    id: z.string(),
    item_id: z.string(),
    item_type: z.enum(ITEM_TYPES),
    item_slug: z.string(),
    name: z.string(),
    photo: z.string().nullable(),
    variant: z.record(z.string(), z.string()),
    quantity: z.number().int(),
    unit_price_minor: money.minor,
    unit_price: money.text,
    total_minor: money.minor,
    total: money.text,
    /** The customer's review of this line, or null. */
    review_id: z.string().nullable(),
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderTransitionSchema = z
  .object({ from: z.enum(ORDER_STATES).nullable(), to: z.enum(ORDER_STATES), actor: z.enum(ORDER_ACTORS), at: z.string() })
  .meta({ id: 'OrderTransition' });

export const OrderInvoicingSchema = z
  .object({
    rfc: z.string(),
    name: z.string(),
    tax_regime: z.enum(TAX_REGIMES),
    cfdi_use: z.enum(CFDI_USES),
    postal_code: z.string(),
  })
  .meta({ id: 'OrderInvoicing' });
export type OrderInvoicing = z.infer<typeof OrderInvoicingSchema>;

/** What the viewer may do now: the action and where it leads (the web shows one button per entry). */
export const OrderAvailableActionSchema = z
  .object({ action: z.enum(ORDER_ACTIONS), to: z.enum(ORDER_STATES), needs_quote: z.boolean() })
  .meta({ id: 'OrderAvailableAction' });
export type OrderAvailableAction = z.infer<typeof OrderAvailableActionSchema>;

/** Fields of an order in a list (spec 3 §2 'order lists'). */
const orderSummaryShape = {
  id: z.string(),
  checkout_id: z.string(),
  placed_at: z.string(),
  state: z.enum(ORDER_STATES),
  shop_slug: z.string(),
  /** 'Sold by': the shop's name. */
  sold_by: z.string(),
  supplier: z.string(),
  supplier_name: z.string(),
  supplier_image: z.string().nullable(),
  dssupplier: z.string().nullable(),
  dssupplier_name: z.string().nullable(),
  customer_name: z.string(),
  payment_type: z.enum(ORDER_PAYMENT_TYPES),
  prepaid: z.boolean(),
  delivery_type: z.enum(ORDER_DELIVERY_TYPES),
  currency: z.string(),
  total_minor: money.minor,
  total: money.text,
  /** 'Order summary': the first line's name and how many more. */
  summary: z.string(),
  photo: z.string().nullable(),
  items_count: z.number().int(),
  /** Which side the caller is on. */
  viewer: z.enum(['customer', 'supplier', 'dssupplier']),
};
export const OrderSummarySchema = z.object(orderSummaryShape).meta({ id: 'OrderSummary' });
export type OrderSummary = z.infer<typeof OrderSummarySchema>;
export const OrderSummaryListSchema = listOf(OrderSummarySchema).meta({ id: 'OrderSummaryList' });
export type OrderSummaryList = z.infer<typeof OrderSummaryListSchema>;

export const PurchaseOrderSchema = z
  .object({
    ...orderSummaryShape,
    contact: CheckoutContactSchema.nullable(),
    lines: z.array(OrderLineSchema),
    subtotal_minor: money.minor,
    subtotal: money.text,
    /** What the checkout charged for delivery. */
    shipping_total_minor: money.minor,
    shipping_total: money.text,
    /** The seller's quoted shipping cost (pay-later orders), or null. */
    shipping_cost_minor: money.minor.nullable(),
    shipping_cost: money.text.nullable(),
    /** Financing of instalments or the deferred plan. */
    extra_charge_minor: money.minor,
    extra_charge: money.text,
    courtesy: z.boolean(),
    in_store: z.boolean(),
    address: CheckoutAddressSchema.nullable(),
    delivery: CheckoutDeliverySchema.nullable(),
    /** Pickup: the branch's address and phone. */
    branch: z.object({ address: z.string(), phone: z.string() }).nullable(),
    estimated_delivery_date: z.string().nullable(),
    tracking_number: z.string().nullable(),
    tracking_url: z.string().nullable(),
    tracking_status: z.enum(TRACKING_STATUSES).nullable(),
    cancellation: z
      .object({ reason: z.enum(CANCELLATION_REASONS), message: z.string().nullable(), by: z.enum(ORDER_ACTORS), at: z.string() })
      .nullable(),
    refund: z.object({ status: z.enum(REFUND_STATUSES), amount_minor: money.minor, amount: money.text }).nullable(),
    delivered_at: z.string().nullable(),
    /** A return can be requested until then (72 h after delivery); null before delivery. */
    return_deadline: z.string().nullable(),
    invoicing: OrderInvoicingSchema.nullable(),
    attendees_count: z.number().int(),
    history: z.array(OrderTransitionSchema),
    /** What the caller may do now. */
    actions: z.array(OrderAvailableActionSchema),
    /** Issue 14: whether the customer may request a return now, and the order's request if any. */
    return_eligibility: OrderReturnEligibilitySchema,
  })
  .meta({ id: 'PurchaseOrder' });
export type PurchaseOrder = z.infer<typeof PurchaseOrderSchema>;

/** Attendee tickets of an experience (spec 3 §3 'Attendee/ticket'). */
export const ATTENDANT_TYPES = ['purchase', 'sale_in_establishment', 'courtesy'] as const;
export type AttendantType = (typeof ATTENDANT_TYPES)[number];

export const AttendantSchema = z
  .object({
    id: z.string(),
    order_id: z.string(),
    full_name: z.string(),
    phone: z.string(),
    type: z.enum(ATTENDANT_TYPES),
    item_id: z.string(),
    item_name: z.string(),
    experience_date: z.string().nullable(),
    /** What the QR code carries: signed, unguessable. */
    qr_code: z.string(),
    used: z.boolean(),
    used_at: z.string().nullable(),
  })
  .meta({ id: 'Attendant' });
export type Attendant = z.infer<typeof AttendantSchema>;
export const AttendantListSchema = listOf(AttendantSchema).meta({ id: 'AttendantList' });
export type AttendantList = z.infer<typeof AttendantListSchema>;

/** A scan at the door: the first marks the ticket used, a second reports it already used. */
export const CheckInResultSchema = z
  .object({ status: z.enum(['checked_in', 'already_used']), attendant: AttendantSchema })
  .meta({ id: 'CheckInResult' });
export type CheckInResult = z.infer<typeof CheckInResultSchema>;

/** spec 3 §3 'Review': one per delivered order line. */
export const ReviewSchema = z
  .object({
    id: z.string(),
    order_id: z.string(),
    line_id: z.string(),
    item_id: z.string(),
    title: z.string(),
    rating: z.number().int().min(1).max(5),
    text: z.string(),
    photos: z.array(z.string()),
    author_name: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof ReviewSchema>;
export const ReviewListSchema = listOf(ReviewSchema).meta({ id: 'ReviewList' });

/** Dropshipping packing: a package and what it holds. */
export const OrderPackageSchema = z
  .object({
    /** 1-based position: the `{x}` of /binpacked/{x}. */
    index: z.number().int(),
    length_cm: z.number().int(),
    width_cm: z.number().int(),
    height_cm: z.number().int(),
    weight_g: z.number().int(),
    lines: z.array(z.object({ line_id: z.string(), name: z.string(), quantity: z.number().int() })),
  })
  .meta({ id: 'OrderPackage' });
export type OrderPackage = z.infer<typeof OrderPackageSchema>;
export const OrderPackingSchema = z
  .object({
    packages: z.array(OrderPackageSchema),
    not_packed: z.array(z.object({ line_id: z.string(), name: z.string(), quantity: z.number().int() })),
  })
  .meta({ id: 'OrderPacking' });
export type OrderPacking = z.infer<typeof OrderPackingSchema>;

/** GET /collaborations (spec 3 §7): the shops the caller collaborates with. */
export const CollaborationSchema = z
  .object({ shop_id: z.string(), shop_slug: z.string(), shop_name: z.string(), role: z.string(), orders_count: z.number().int() })
  .meta({ id: 'Collaboration' });
export const CollaborationListSchema = listOf(CollaborationSchema).meta({ id: 'CollaborationList' });
export type CollaborationList = z.infer<typeof CollaborationListSchema>;

/** GET /orders/tracking/{number}: the built-in broker's public tracking answer (nothing personal). */
export const TrackingAnswerSchema = z
  .object({ tracking_number: z.string(), status: z.enum(TRACKING_STATUSES).nullable(), order_state: z.enum(ORDER_STATES) })
  .meta({ id: 'TrackingAnswer' });
export type TrackingAnswer = z.infer<typeof TrackingAnswerSchema>;

/** spec 3 §3 'Review': the rating (qualification) is 1 to 5 stars. */
export const REVIEW_RATING = { min: 1, max: 5 } as const;

/**
 * SAT c_RegimenFiscal names (CFDI 4.0), as the SAT writes them (shown in Spanish in every language), and which kind
 * of taxpayer may declare each: a natural person (`fisica`, 13-character RFC) or a legal person (`moral`, 12).
 */
export const TAX_REGIME_NAMES: Record<TaxRegime, string> = {
  '601': 'General de Ley Personas Morales',
  '603': 'Personas Morales con Fines no Lucrativos',
  '605': 'Sueldos y Salarios e Ingresos Asimilados a Salarios',
  '606': 'Arrendamiento',
  '607': 'Régimen de Enajenación o Adquisición de Bienes',
  '608': 'Demás ingresos',
  '610': 'Residentes en el Extranjero sin Establecimiento Permanente en México',
  '611': 'Ingresos por Dividendos (socios y accionistas)',
  '612': 'Personas Físicas con Actividades Empresariales y Profesionales',
  '614': 'Ingresos por intereses',
  '615': 'Régimen de los ingresos por obtención de premios',
  '616': 'Sin obligaciones fiscales',
  '620': 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos',
  '621': 'Incorporación Fiscal',
  '622': 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras',
  '623': 'Opcional para Grupos de Sociedades',
  '624': 'Coordinados',
  '625': 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
  '626': 'Régimen Simplificado de Confianza',
};
export type TaxpayerKind = 'fisica' | 'moral';
export const TAX_REGIME_TAXPAYERS: Record<TaxRegime, readonly TaxpayerKind[]> = {
  '601': ['moral'],
  '603': ['moral'],
  '605': ['fisica'],
  '606': ['fisica'],
  '607': ['fisica'],
  '608': ['fisica'],
  '610': ['fisica', 'moral'],
  '611': ['fisica'],
  '612': ['fisica'],
  '614': ['fisica'],
  '615': ['fisica'],
  '616': ['fisica'],
  '620': ['moral'],
  '621': ['fisica'],
  '622': ['moral'],
  '623': ['moral'],
  '624': ['moral'],
  '625': ['fisica'],
  '626': ['fisica', 'moral'],
};
/** A well-formed RFC's taxpayer kind: 4 letters a natural person, 3 a legal person. */
export function taxpayerKindOf(rfc: string): TaxpayerKind {
  return rfc.length === 13 ? 'fisica' : 'moral';
}

/** SAT c_UsoCFDI names (CFDI 4.0), in Spanish as the SAT writes them. */
export const CFDI_USE_NAMES: Record<CfdiUse, string> = {
  G01: 'Adquisición de mercancías',
  G02: 'Devoluciones, descuentos o bonificaciones',
  G03: 'Gastos en general',
  I01: 'Construcciones',
  I02: 'Mobiliario y equipo de oficina por inversiones',
  I03: 'Equipo de transporte',
  I04: 'Equipo de cómputo y accesorios',
  I05: 'Dados, troqueles, moldes, matrices y herramental',
  I06: 'Comunicaciones telefónicas',
  I07: 'Comunicaciones satelitales',
  I08: 'Otra maquinaria y equipo',
  D01: 'Honorarios médicos, dentales y gastos hospitalarios',
  D02: 'Gastos médicos por incapacidad o discapacidad',
  D03: 'Gastos funerales',
  D04: 'Donativos',
  D05: 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)',
  D06: 'Aportaciones voluntarias al SAR',
  D07: 'Primas por seguros de gastos médicos',
  D08: 'Gastos de transportación escolar obligatoria',
  D09: 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones',
  D10: 'Pagos por servicios educativos (colegiaturas)',
  S01: 'Sin efectos fiscales',
  CP01: 'Pagos',
  CN01: 'Nómina',
};

/** GET .../receipt.pdf: the receipt's bytes (application/pdf); the OpenAPI describes it as a binary string. */
export const OrderReceiptPdfSchema = z
  .instanceof(Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'The receipt (application/pdf)' });
export type ReviewList = z.infer<typeof ReviewListSchema>;
export type Collaboration = z.infer<typeof CollaborationSchema>;

/**
 * Attendee tickets (spec 3 §3 'Attendee/ticket'): the attendee's phone as the checkout's attendee form cleans it
 * (spaces removed: 8 to 15 digits, an optional leading +), and the limits of the ticket calls.
 */
export const ATTENDEE_PHONE_PATTERN = /^\+?\d{8,15}$/;
export const TicketLimits = {
  /** The longest QR payload the check-in accepts (`vt1.<uuid>.<43-character MAC>` is 84). */
  codeMax: 200,
  /**
   * A sale in the establishment's unit price, in minor units (MXN 100 000.00): times the 50 tickets of one sale it
   * stays within the orders' 32-bit money columns.
   */
  unitPriceMaxMinor: 10_000_000,
} as const;
/** The languages a ticket PDF is printed in (`?lang=`), Spanish first. */
export const TICKET_LANGUAGES = ['es', 'en', 'es-AR'] as const;
export type TicketLanguage = (typeof TICKET_LANGUAGES)[number];
/** GET .../attendants/{id}.pdf and .../attendants/pdf: the tickets (application/pdf), a binary string in the OpenAPI. */
export const TicketsPdfSchema = z
  .instanceof(Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'The tickets (application/pdf), a page per ticket' });
/** GET .../attendants/zip: one PDF per attendee (application/zip). */
export const TicketsZipSchema = z
  .instanceof(Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'A zip holding one ticket PDF per attendee (application/zip)' });

/** Units of an order line in the packing (a package's content, or what is not packed yet). */
export const OrderPackingLineSchema = z
  .object({ line_id: z.string(), name: z.string(), quantity: z.number().int() })
  .meta({ id: 'OrderPackingLine' });
export type OrderPackingLine = z.infer<typeof OrderPackingLineSchema>;
/** GET /franchise/orders/{id}/notpacked: the units in no package. */
export const NotPackedListSchema = listOf(OrderPackingLineSchema).meta({ id: 'NotPackedList' });
export type NotPackedList = z.infer<typeof NotPackedListSchema>;
