import {
  CANCELLED_ORDER_STATES,
  OrderErrorCodes,
  type OrderAction,
  type OrderActor,
  type OrderDeliveryType,
  type OrderState,
} from '@vitrina/contracts';

/**
 * The purchase order's state machine as a table (spec 3 §4 'Purchase order flow'; Vendure's order process is the
 * model): every row says who may do what in which state, under which condition, and where it leads. Nothing else
 * moves an order: the service looks the request up here and applies it with a conditional UPDATE.
 *
 * Pay later:  sent_to_supplier -confirm(seller, quote)-> awaiting_customer -confirm(customer)-> in_process
 *             -> to_deliver [-> in_transit] -> paid (the seller marks it) -> delivered
 * Prepaid:    in_process -> to_deliver [-> in_transit] -> delivered (quote and pay steps skipped)
 * `[in_transit]` only when something is shipped (fixed or broker delivery); the broker's tracking moves it by itself
 * (actor system). The customer can confirm receipt of a shipped prepaid order. Cancellation: the customer until the
 * order is in process, the seller until it leaves (to_deliver), the system (stock that was not there) until then too.
 */

/** The facts a row's condition reads. */
export interface OrderFacts {
  prepaid: boolean;
  deliveryType: OrderDeliveryType;
  /** A dropshipping supplier fulfils it: the fulfilment steps are theirs, not the supplier's. */
  dropshipped: boolean;
}

export type Seller = 'supplier' | 'dssupplier';

export interface TransitionRow {
  from: OrderState;
  action: OrderAction;
  actors: readonly OrderActor[];
  to: OrderState;
  /** Only when this holds (absent: always). */
  when?: (o: OrderFacts) => boolean;
  /** The seller's confirmation carries an estimated delivery date and a shipping cost. */
  needsQuote?: boolean;
  label: string;
}

const shipped = (o: OrderFacts) => o.deliveryType === 'fixed' || o.deliveryType === 'broker';
const payLater = (o: OrderFacts) => !o.prepaid;
const prepaid = (o: OrderFacts) => o.prepaid;
const and =
  (...cs: ((o: OrderFacts) => boolean)[]) =>
  (o: OrderFacts) =>
    cs.every((c) => c(o));
const not = (c: (o: OrderFacts) => boolean) => (o: OrderFacts) => !c(o);

/** Who fulfils: the dropshipping supplier when there is one, else the supplier. */
const FULFILLERS: readonly OrderActor[] = ['supplier', 'dssupplier'];

export const TRANSITIONS: readonly TransitionRow[] = [
  // the quote (pay later only)
  { from: 'sent_to_supplier', action: 'confirm', actors: FULFILLERS, to: 'awaiting_customer', needsQuote: true, label: 'seller quotes' },
  { from: 'awaiting_customer', action: 'confirm', actors: ['customer'], to: 'in_process', label: 'customer accepts the quote' },
  { from: 'awaiting_customer', action: 'next', actors: ['customer'], to: 'in_process', label: 'customer accepts the quote' },
  // fulfilment
  { from: 'in_process', action: 'next', actors: FULFILLERS, to: 'to_deliver', label: 'ready to deliver' },
  { from: 'to_deliver', action: 'next', actors: FULFILLERS, to: 'in_transit', when: shipped, label: 'shipped' },
  { from: 'to_deliver', action: 'next', actors: ['system'], to: 'in_transit', when: shipped, label: 'tracking: in transit' },
  { from: 'to_deliver', action: 'next', actors: FULFILLERS, to: 'delivered', when: and(not(shipped), prepaid), label: 'handed over' },
  { from: 'to_deliver', action: 'next', actors: FULFILLERS, to: 'paid', when: and(not(shipped), payLater), label: 'seller marks paid' },
  { from: 'in_transit', action: 'next', actors: FULFILLERS, to: 'delivered', when: prepaid, label: 'delivered' },
  { from: 'in_transit', action: 'next', actors: ['system'], to: 'delivered', when: prepaid, label: 'tracking: delivered' },
  { from: 'in_transit', action: 'next', actors: ['customer'], to: 'delivered', when: prepaid, label: 'customer confirms receipt' },
  { from: 'in_transit', action: 'next', actors: FULFILLERS, to: 'paid', when: payLater, label: 'seller marks paid' },
  { from: 'in_transit', action: 'next', actors: ['system'], to: 'paid', when: payLater, label: 'tracking: delivered, to be paid' },
  { from: 'paid', action: 'next', actors: FULFILLERS, to: 'delivered', label: 'delivered' },
  // cancellation
  { from: 'sent_to_supplier', action: 'cancel', actors: ['customer'], to: 'cancelled_by_customer', label: 'customer cancels' },
  { from: 'awaiting_customer', action: 'cancel', actors: ['customer'], to: 'cancelled_by_customer', label: 'customer cancels' },
  { from: 'in_process', action: 'cancel', actors: ['customer'], to: 'cancelled_by_customer', label: 'customer cancels' },
  { from: 'sent_to_supplier', action: 'cancel', actors: FULFILLERS, to: 'cancelled_by_supplier', label: 'seller cancels' },
  { from: 'awaiting_customer', action: 'cancel', actors: FULFILLERS, to: 'cancelled_by_supplier', label: 'seller cancels' },
  { from: 'in_process', action: 'cancel', actors: FULFILLERS, to: 'cancelled_by_supplier', label: 'seller cancels' },
  { from: 'to_deliver', action: 'cancel', actors: FULFILLERS, to: 'cancelled_by_supplier', label: 'seller cancels' },
  // paid after its stock hold lapsed, and the units were gone (catalogue.reservation.short): it cannot be fulfilled
  { from: 'sent_to_supplier', action: 'cancel', actors: ['system'], to: 'cancelled_by_supplier', label: 'out of stock' },
  { from: 'awaiting_customer', action: 'cancel', actors: ['system'], to: 'cancelled_by_supplier', label: 'out of stock' },
  { from: 'in_process', action: 'cancel', actors: ['system'], to: 'cancelled_by_supplier', label: 'out of stock' },
  { from: 'to_deliver', action: 'cancel', actors: ['system'], to: 'cancelled_by_supplier', label: 'out of stock' },
];

/** Which seller role acts for a fulfilment row: the dropshipping supplier on a dropshipped order, else the supplier. */
function sellerMayAct(actor: OrderActor, facts: OrderFacts, action: OrderAction): boolean {
  if (actor !== 'supplier' && actor !== 'dssupplier') return true;
  // the supplier (the reseller) may always cancel what it sold; the fulfilment is the dropshipper's
  if (action === 'cancel') return true;
  return facts.dropshipped ? actor === 'dssupplier' : actor === 'supplier';
}

export type Decision = { ok: true; row: TransitionRow } | { ok: false; status: 403 | 409; code: string; message: string };

/** The row for (state, action, actor) given the order's facts, or why not: 409 illegal / already cancelled, 403 wrong actor. */
export function decide(state: OrderState, action: OrderAction, actor: OrderActor, facts: OrderFacts): Decision {
  if (CANCELLED_ORDER_STATES.includes(state)) {
    return { ok: false, status: 409, code: OrderErrorCodes.alreadyCancelled, message: 'The order was already cancelled' };
  }
  const candidates = TRANSITIONS.filter((r) => r.from === state && r.action === action && (!r.when || r.when(facts)));
  const row = candidates.find((r) => r.actors.includes(actor) && sellerMayAct(actor, facts, action));
  if (row) return { ok: true, row };
  if (candidates.length > 0) {
    return { ok: false, status: 403, code: OrderErrorCodes.wrongActor, message: 'This step of the order is not yours to take' };
  }
  return {
    ok: false,
    status: 409,
    code: OrderErrorCodes.illegalTransition,
    message: `The order cannot ${action === 'cancel' ? 'be cancelled' : action === 'confirm' ? 'be confirmed' : 'advance'} in its state (${state})`,
  };
}

/** What `actor` may do now (one entry per action: the web shows a button each). */
export function availableActions(
  state: OrderState,
  actor: OrderActor,
  facts: OrderFacts,
): { action: OrderAction; to: OrderState; needsQuote: boolean }[] {
  const seen = new Set<OrderAction>();
  const out: { action: OrderAction; to: OrderState; needsQuote: boolean }[] = [];
  for (const action of ['confirm', 'next', 'cancel'] as const) {
    const d = decide(state, action, actor, facts);
    if (d.ok && !seen.has(action)) {
      seen.add(action);
      out.push({ action, to: d.row.to, needsQuote: d.row.needsQuote === true });
    }
  }
  // awaiting_customer: confirm and next lead to the same place; offer confirm only
  return out.filter((a) => !(a.action === 'next' && out.some((b) => b.action === 'confirm' && b.to === a.to)));
}

/** The state a new order starts in. */
export function initialState(facts: Pick<OrderFacts, 'prepaid'>): OrderState {
  return facts.prepaid ? 'in_process' : 'sent_to_supplier';
}
