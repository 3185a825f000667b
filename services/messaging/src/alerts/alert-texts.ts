import type { CancellationReason, OrderState } from '@vitrina/contracts';
import type { AlertMessage } from '../db/schema.js';

/**
 * The bell alerts' texts (issue 15), in Spanish (the default), English and Argentine Spanish (voseo). Short: the bell's
 * panel shows one line each. Written when the alert is made, so a later change of wording leaves old alerts as read.
 * State and reason names are the order pages' own (web/src/features/orders/i18n), so the alert and the page agree.
 */

export type AlertLocale = keyof AlertMessage;

/** The same sentence in each locale; `ar` only where Argentine Spanish says it otherwise (voseo). */
const say = (es: string, en: string, ar: string = es): AlertMessage => ({ es, en, 'es-AR': ar });

/** An order's number as the web writes it (web/src/lib/dates.ts orderNumber): `#` and the id's last 8 characters. */
export function orderNumber(orderId: string): string {
  return `#${orderId.replace(/-/g, '').slice(-8).toUpperCase()}`;
}

/** Hundredths as an exact decimal string (`129950` -> `1299.50`): no float rounds an amount. */
function minorToDecimal(minor: number): string {
  const whole = Math.trunc(minor);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * An amount with 2 decimals as the reader's locale writes it, and its currency code, since a bare '$' could be any
 * peso: `$1,299.50 MXN` (es, en), `$ 1.299,50 MXN` (es-AR).
 */
export function formatAmount(minor: number, currency: string, locale: AlertLocale): string {
  const code = currency.toUpperCase();
  const text = amountFormat(locale === 'es' ? 'es-MX' : locale, code).format(minorToDecimal(minor) as unknown as number);
  return text.includes(code) ? text : `${text} ${code}`;
}

/** Formats by locale and currency: building an Intl.NumberFormat costs ~35 µs, using one under 1 µs. */
const amountFormats = new Map<string, Intl.NumberFormat>();

function amountFormat(intl: string, code: string): Intl.NumberFormat {
  const key = `${intl}|${code}`;
  let format = amountFormats.get(key);
  if (format) return format;
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  try {
    format = new Intl.NumberFormat(intl, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol', ...digits });
  } catch {
    // a malformed currency code: the amount still reads, with the code beside it
    format = new Intl.NumberFormat(intl, digits);
  }
  // a few currencies in practice; codes from malformed events must not grow the map without end
  if (amountFormats.size < 100) amountFormats.set(key, format);
  return format;
}

const amountIn = (minor: number, currency: string) => (l: AlertLocale) => formatAmount(minor, currency, l);

const STATES: Record<OrderState, AlertMessage> = {
  sent_to_supplier: say('Enviada al vendedor', 'Sent to the seller'),
  awaiting_customer: say('Por confirmar', 'To be confirmed'),
  in_process: say('En proceso', 'In process'),
  to_deliver: say('Por entregar', 'To deliver'),
  in_transit: say('En tránsito', 'In transit'),
  paid: say('Pagada', 'Paid'),
  delivered: say('Entregada', 'Delivered'),
  cancelled_by_customer: say('Cancelada por el cliente', 'Cancelled by Customer'),
  cancelled_by_supplier: say('Cancelada por el vendedor', 'Cancelled by supplier'),
};

const REASONS: Record<CancellationReason, AlertMessage> = {
  requested_by_client: say('Solicitado por el cliente', 'Requested by the customer'),
  cannot_be_fulfilled: say('No se puede surtir', 'Cannot be fulfilled'),
  duplicated_transaction: say('Transacción duplicada', 'Duplicated transaction'),
  suspected_fraud: say('Sospecha de fraude', 'Suspected fraud'),
  other: say('Otro motivo', 'Other reason'),
};

/** A label of the table, or the raw value when a newer service sends one this table does not know yet. */
const label = (table: Record<string, AlertMessage>, key: string, l: AlertLocale): string => table[key]?.[l] ?? key;

export function orderPlacedText(order: string): AlertMessage {
  const n = orderNumber(order);
  return say(`Tienes un nuevo pedido: ${n}`, `You have a new order: ${n}`, `Tenés un nuevo pedido: ${n}`);
}

/** The customer hears about their order; a seller about the order. */
export function orderAdvancedText(order: string, to: string, customer: boolean): AlertMessage {
  const n = orderNumber(order);
  if (customer && to === 'awaiting_customer') {
    return say(
      `El vendedor cotizó tu pedido ${n}: confírmalo para continuar.`,
      `The seller quoted your order ${n}: confirm it to continue.`,
      `El vendedor cotizó tu pedido ${n}: confirmalo para continuar.`,
    );
  }
  const state = (l: AlertLocale) => label(STATES, to, l);
  return customer
    ? say(`Tu pedido ${n} cambió de estado: ${state('es')}.`, `Your order ${n} changed status: ${state('en')}.`)
    : say(`El pedido ${n} cambió de estado: ${state('es')}.`, `Order ${n} changed status: ${state('en')}.`);
}

export function orderCancelledText(order: string, reason: string, customer: boolean): AlertMessage {
  const n = orderNumber(order);
  const why = (l: AlertLocale) => label(REASONS, reason, l);
  return customer
    ? say(`Tu pedido ${n} fue cancelado. Motivo: ${why('es')}.`, `Your order ${n} was cancelled. Reason: ${why('en')}.`)
    : say(`El pedido ${n} fue cancelado. Motivo: ${why('es')}.`, `Order ${n} was cancelled. Reason: ${why('en')}.`);
}

export function orderDeliveredText(order: string, customer: boolean): AlertMessage {
  const n = orderNumber(order);
  return customer
    ? say(`Tu pedido ${n} fue entregado.`, `Your order ${n} was delivered.`)
    : say(`El pedido ${n} fue entregado.`, `Order ${n} was delivered.`);
}

export function returnOpenedText(order: string): AlertMessage {
  const n = orderNumber(order);
  return say(`Nueva solicitud de devolución del pedido ${n}.`, `New return request for order ${n}.`);
}

export function returnLabelIssuedText(order: string): AlertMessage {
  const n = orderNumber(order);
  return say(
    `Tu guía de devolución del pedido ${n} está lista: descárgala desde tu solicitud.`,
    `Your return label for order ${n} is ready: download it from your request.`,
    `Tu guía de devolución del pedido ${n} está lista: descargala desde tu solicitud.`,
  );
}

export function returnRefundedText(order: string, amountMinor: number, currency: string, toWallet: boolean): AlertMessage {
  const n = orderNumber(order);
  const amount = amountIn(amountMinor, currency);
  return toWallet
    ? say(
        `Te acreditamos ${amount('es')} en tu monedero por la devolución del pedido ${n}.`,
        `We credited ${amount('en')} to your wallet for the return of order ${n}.`,
        `Te acreditamos ${amount('es-AR')} en tu monedero por la devolución del pedido ${n}.`,
      )
    : say(
        `Te reembolsamos ${amount('es')} del pedido ${n}.`,
        `We refunded ${amount('en')} for order ${n}.`,
        `Te reembolsamos ${amount('es-AR')} del pedido ${n}.`,
      );
}

export function returnClosedText(order: string): AlertMessage {
  const n = orderNumber(order);
  return say(`Tu solicitud de devolución del pedido ${n} se cerró.`, `Your return request for order ${n} was closed.`);
}

export function paymentSucceededText(amountMinor: number, currency: string): AlertMessage {
  const amount = amountIn(amountMinor, currency);
  return say(
    `Recibimos tu pago de ${amount('es')}. Ya avisamos al vendedor para que prepare tu pedido.`,
    `We received your payment of ${amount('en')}. The seller has been told to prepare your order.`,
    `Recibimos tu pago de ${amount('es-AR')}. Ya le avisamos al vendedor para que prepare tu pedido.`,
  );
}

export function paymentFailedText(): AlertMessage {
  return say(
    'Tu pago no se pudo completar. Puedes intentarlo de nuevo con otro método.',
    "Your payment didn't go through. You can try again with another method.",
    'Tu pago no se pudo completar. Podés intentarlo de nuevo con otro método.',
  );
}

export function paymentExpiredText(): AlertMessage {
  return say(
    'Venció el plazo para pagar tu compra. Si aún la quieres, vuelve a hacerla.',
    'The time to pay for your purchase ran out. If you still want it, place it again.',
    'Venció el plazo para pagar tu compra. Si todavía la querés, volvé a hacerla.',
  );
}

/** A package's payment (issue 16) refused: the package is bought again from the packages page. */
export function packagePaymentFailedText(): AlertMessage {
  return say(
    'El pago de tu paquete no se pudo completar. Puedes intentarlo de nuevo con otro método.',
    "Your package payment didn't go through. You can try again with another method.",
    'El pago de tu paquete no se pudo completar. Podés intentarlo de nuevo con otro método.',
  );
}

/** A package's voucher or transfer not paid in time. */
export function packagePaymentExpiredText(): AlertMessage {
  return say(
    'Venció el plazo para pagar tu paquete. Si aún lo quieres, vuelve a comprarlo.',
    'The time to pay for your package ran out. If you still want it, buy it again.',
    'Venció el plazo para pagar tu paquete. Si todavía lo querés, volvé a comprarlo.',
  );
}

/** A credit to a wallet: a sale's settlement (with its order), a rejected cash-out given back, or anything else. */
export function walletCreditedText(kind: string, amountMinor: number, currency: string, order: string | null): AlertMessage {
  const amount = amountIn(amountMinor, currency);
  if (kind === 'cashout_reversal') {
    return say(
      `Tu retiro fue rechazado: devolvimos ${amount('es')} a tu monedero.`,
      `Your cash-out was rejected: ${amount('en')} went back to your wallet.`,
      `Tu retiro fue rechazado: devolvimos ${amount('es-AR')} a tu monedero.`,
    );
  }
  if (order) {
    const n = orderNumber(order);
    return say(
      `Se acreditaron ${amount('es')} en tu monedero por el pedido ${n}.`,
      `${amount('en')} was credited to your wallet for order ${n}.`,
      `Se acreditaron ${amount('es-AR')} en tu monedero por el pedido ${n}.`,
    );
  }
  return say(
    `Se acreditaron ${amount('es')} en tu monedero.`,
    `${amount('en')} was credited to your wallet.`,
    `Se acreditaron ${amount('es-AR')} en tu monedero.`,
  );
}

/** A message reached an offline user's conversation (origin `messages`): who wrote. */
export function messageReceivedText(senderName: string): AlertMessage {
  const name = senderName.trim();
  return name
    ? say(`Nuevo mensaje de ${name}`, `New message from ${name}`, `Nuevo mensaje de ${name}`)
    : say('Tienes un mensaje nuevo', 'You have a new message', 'Tenés un mensaje nuevo');
}

/** Someone started following the user (origin `social`). */
export function followedText(followerName: string): AlertMessage {
  const name = followerName.trim();
  return name
    ? say(`${name} empezó a seguirte`, `${name} started following you`)
    : say('Alguien empezó a seguirte', 'Someone started following you');
}

/** A package bought or renewed (origin `memberships`): its name and the next charge date. */
export function membershipActivatedText(packageName: string, chargeDate: string, renewal: boolean): AlertMessage {
  const day = (locale: AlertLocale) => dateIn(chargeDate, locale);
  return renewal
    ? say(
        `Renovaste tu paquete ${packageName}. El próximo cobro es el ${day('es')}.`,
        `You renewed your ${packageName} package. The next charge is on ${day('en')}.`,
        `Renovaste tu paquete ${packageName}. El próximo cobro es el ${day('es-AR')}.`,
      )
    : say(
        `Tu paquete ${packageName} está activo. El próximo cobro es el ${day('es')}.`,
        `Your ${packageName} package is active. The next charge is on ${day('en')}.`,
        `Tu paquete ${packageName} está activo. El próximo cobro es el ${day('es-AR')}.`,
      );
}

/** The paid month ended: the renewal waits for its payment until the grace ends. */
export function membershipRenewalDueText(packageName: string, lapsesAt: string): AlertMessage {
  const day = (locale: AlertLocale) => dateIn(lapsesAt, locale);
  return say(
    `Es hora de renovar tu paquete ${packageName}. Págalo antes del ${day('es')} para no perder sus beneficios.`,
    `Time to renew your ${packageName} package. Pay before ${day('en')} to keep its benefits.`,
    `Es hora de renovar tu paquete ${packageName}. Pagalo antes del ${day('es-AR')} para no perder sus beneficios.`,
  );
}

/** The grace ended unpaid. */
export function membershipLapsedText(packageName: string): AlertMessage {
  return say(
    `Tu paquete ${packageName} venció. Tus reventas ganan la comisión base hasta que compres un paquete de nuevo.`,
    `Your ${packageName} package expired. Your resales earn the base commission until you buy a package again.`,
    `Tu paquete ${packageName} venció. Tus reventas ganan la comisión base hasta que compres un paquete de nuevo.`,
  );
}

function dateIn(iso: string, locale: AlertLocale): string {
  const lang = locale === 'en' ? 'en-US' : locale === 'es-AR' ? 'es-AR' : 'es-MX';
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Mexico_City' }).format(
    new Date(iso),
  );
}
