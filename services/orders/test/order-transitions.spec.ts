import { ORDER_ACTIONS, ORDER_STATES, CANCELLED_ORDER_STATES, type OrderAction, type OrderState } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import { TRANSITIONS, decide, type OrderFacts } from '../src/domain/order.machine.js';
import { snapshot, startWorld, type World } from './world.js';

/**
 * The transition table exhaustively (issue 13 'Tests'): for every order kind (prepaid or pay later, shipped or not,
 * dropshipped or not), every state, every action and every party, through the HTTP routes on a real database:
 * a legal move answers 201/200 and lands in the table's state, a move the table gives to another party answers 403
 * `wrong_actor`, anything else 409 (`illegal_transition`, or `order_already_cancelled`), and a refused move changes
 * nothing. Once on PostgreSQL and once on PGlite.
 */
const PARTIES = ['customer', 'supplier', 'dssupplier'] as const;
type Party = (typeof PARTIES)[number];

const KINDS: OrderFacts[] = [];
for (const prepaid of [true, false])
  for (const deliveryType of ['fixed', 'none'] as const)
    for (const dropshipped of [false, true]) KINDS.push({ prepaid, deliveryType, dropshipped });

/** What the table says, computed here from its rows, not through decide(). */
function expected(state: OrderState, action: OrderAction, party: Party, facts: OrderFacts): { status: number; to?: OrderState } {
  // a direct order has no dropshipping supplier: that route does not find it
  if (party === 'dssupplier' && !facts.dropshipped) return { status: 404 };
  if (CANCELLED_ORDER_STATES.includes(state)) return { status: 409 };
  const rows = TRANSITIONS.filter((r) => r.from === state && r.action === action && (!r.when || r.when(facts)));
  const fulfiller = facts.dropshipped ? 'dssupplier' : 'supplier';
  const mine = rows.find((r) => r.actors.includes(party) && (party === 'customer' || action === 'cancel' || party === fulfiller));
  if (mine) return { status: action === 'cancel' ? 200 : 201, to: mine.to };
  return { status: rows.length > 0 ? 403 : 409 };
}

for (const db of ['postgres', 'pglite'] as const) {
  describe(`order transitions, every (state, action, party) on ${db}`, () => {
    let w: World;
    const buyer = newId();
    const supplier = newId();
    const dssupplier = newId();
    const auth: Partial<Record<Party, string>> = {};
    beforeAll(async () => {
      w = await startWorld({}, { pglite: db === 'pglite' });
      auth.customer = await w.token(buyer);
      auth.supplier = await w.token(supplier);
      auth.dssupplier = await w.token(dssupplier);
    });
    afterAll(async () => {
      await w?.close();
    });

    const url = (party: Party, id: string, action: OrderAction) => {
      const base =
        party === 'customer'
          ? `/orders/${buyer}:${buyer}/orders/${id}`
          : party === 'supplier'
            ? `/orders/admin/suppliers/${supplier}:${supplier}/orders/${id}`
            : `/orders/${dssupplier}:${dssupplier}/dssupplier/orders/${id}`;
      return action === 'cancel' ? { method: 'DELETE', url: base } : { method: 'POST', url: `${base}/${action}` };
    };

    it.each(
      KINDS.map((k): [string, OrderFacts] => [
        `${k.prepaid ? 'prepaid' : 'pay later'}, ${k.deliveryType}, ${k.dropshipped ? 'dropshipped' : 'direct'}`,
        k,
      ]),
    )('%s', async (_name, facts) => {
      const snap = snapshot({
        userId: buyer,
        supplierId: supplier,
        dssupplierId: facts.dropshipped ? dssupplier : null,
        prepaid: facts.prepaid,
        paymentType: facts.prepaid ? 'card' : 'ondelivery',
        delivery: facts.deliveryType === 'none' ? null : { type: 'fixed', days: 3, price: '99.00', price_minor: 9900 },
      });
      const id = await w.paid(snap);
      let checked = 0;
      for (const state of ORDER_STATES) {
        for (const action of ORDER_ACTIONS) {
          for (const party of PARTIES) {
            await w.sql(`update orders.orders set state = '${state}', version = version + 1 where id = '${id}'`);
            const want = expected(state, action, party, facts);
            // the table and decide() agree
            const d = decide(state, action, party, facts);
            if (want.status !== 404) expect(d.ok ? (action === 'cancel' ? 200 : 201) : d.status).toBe(want.status);
            const { method, url: path } = url(party, id, action);
            const payload =
              action === 'confirm' && party !== 'customer'
                ? { estimated_delivery_date: '2099-01-31', shipping_cost_minor: 5000 }
                : action === 'cancel'
                  ? { reason: 'other', message: 'prueba' }
                  : {};
            const res = await w.request(method, path, { auth: auth[party], payload });
            const [row] = await w.sql<{ state: string }>(`select state from orders.orders where id = '${id}'`);
            const context = `${state} ${action} by ${party}`;
            expect([context, res.status]).toEqual([context, want.status]);
            if (want.to) {
              expect([context, res.body.state, row.state]).toEqual([context, want.to, want.to]);
            } else {
              expect([context, row.state]).toEqual([context, state]);
              expect(typeof res.body.code).toBe('string');
              if (want.status === 403) expect(res.body.code).toBe('wrong_actor');
              else if (want.status === 404) expect(res.body.code).toBe('order_not_found');
              else expect(['illegal_transition', 'order_already_cancelled']).toContain(res.body.code);
            }
            checked++;
          }
        }
      }
      expect(checked).toBe(ORDER_STATES.length * ORDER_ACTIONS.length * PARTIES.length);
    });

    it('the system (tracking, stock that was not there) moves and cancels only what the table gives it', () => {
      for (const facts of KINDS)
        for (const state of ORDER_STATES)
          for (const action of ORDER_ACTIONS) {
            const d = decide(state, action, 'system', facts);
            const rows = TRANSITIONS.filter(
              (r) => r.from === state && r.action === action && r.actors.includes('system') && (!r.when || r.when(facts)),
            );
            expect([state, action, d.ok]).toEqual([state, action, rows.length > 0 && !CANCELLED_ORDER_STATES.includes(state)]);
          }
      // it may cancel until the order leaves (as the seller), never once it is on its way or delivered
      const cancellable = ORDER_STATES.filter((s) => decide(s, 'cancel', 'system', KINDS[0]).ok);
      expect(cancellable).toEqual(['sent_to_supplier', 'awaiting_customer', 'in_process', 'to_deliver']);
    });

    it('a seller quote needs its date and cost; a stranger gets 404 and changes nothing', async () => {
      const snap = snapshot({ userId: buyer, supplierId: supplier, prepaid: false, paymentType: 'ondelivery' });
      const id = await w.paid(snap);
      const sup = `/orders/admin/suppliers/${supplier}:${supplier}/orders/${id}`;
      const missing = await w.request('POST', `${sup}/confirm`, { auth: auth.supplier, payload: {} });
      expect([missing.status, missing.body.code]).toEqual([400, 'quote_required']);
      const past = await w.request('POST', `${sup}/confirm`, {
        auth: auth.supplier,
        payload: { estimated_delivery_date: '2001-01-01', shipping_cost_minor: 1 },
      });
      expect(past.status).toBe(400);
      const stranger = newId();
      const other = await w.request('POST', `/orders/admin/suppliers/${stranger}:${stranger}/orders/${id}/confirm`, {
        auth: await w.token(stranger),
        payload: { estimated_delivery_date: '2099-01-01', shipping_cost_minor: 1 },
      });
      expect(other.status).toBe(404);
      const wrongPath = await w.request('GET', `/orders/${supplier}:${supplier}/orders/${id}`, { auth: auth.supplier });
      expect(wrongPath.status).toBe(404);
      const quoted = await w.request('POST', `${sup}/confirm`, {
        auth: auth.supplier,
        payload: { estimated_delivery_date: '2099-01-31', shipping_cost_minor: 12345 },
      });
      expect([quoted.status, quoted.body.state, quoted.body.shipping_cost_minor, quoted.body.total_minor]).toEqual([
        201,
        'awaiting_customer',
        12345,
        30000 + 12345,
      ]);
      const key = { 'idempotency-key': newId() };
      const accept = await w.request('POST', `/orders/${buyer}:${buyer}/orders/${id}/confirm`, { auth: auth.customer, headers: key });
      const again = await w.request('POST', `/orders/${buyer}:${buyer}/orders/${id}/confirm`, { auth: auth.customer, headers: key });
      expect([accept.status, again.status, again.raw]).toEqual([201, 201, accept.raw]);
      const history = await w.sql<{ n: string }>(`select count(*) as n from orders.order_transitions where order_id = '${id}'`);
      expect(Number(history[0].n)).toBe(3);
    });

    it("commits a move and its Idempotency-Key's answer together, in one transaction", async () => {
      const id = await w.paid(snapshot({ userId: buyer, supplierId: supplier, prepaid: true, paymentType: 'card' }));
      const sup = `/orders/admin/suppliers/${supplier}:${supplier}/orders/${id}`;
      for (let step = 0; step < 2; step++) {
        const key = newId();
        const res = await w.request('POST', `${sup}/next`, { auth: auth.supplier, headers: { 'idempotency-key': key }, payload: {} });
        expect(res.status).toBe(201);
        const [order] = await w.sql<{ state: string; tx: string }>(`select state, xmin::text as tx from orders.orders where id = '${id}'`);
        const [stored] = await w.sql<{ status: string; response_body: string; tx: string }>(
          `select status, response_body, xmin::text as tx from orders.idempotency_keys where user_id = '${supplier}' and key = '${key}'`,
        );
        // the same transaction wrote both: no moment where the move is done and its key still in flight
        expect([order.state, stored.status, stored.tx]).toEqual([res.body.state, 'done', order.tx]);
        expect(stored.response_body).toBe(res.raw);
        const again = await w.request('POST', `${sup}/next`, { auth: auth.supplier, headers: { 'idempotency-key': key }, payload: {} });
        expect([again.status, again.raw]).toEqual([201, res.raw]);
      }
    });
  });
}
