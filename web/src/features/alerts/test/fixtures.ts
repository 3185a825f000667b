import type { Alert, AlertList } from '@vitrina/contracts';
import { ME } from '@/test/account-fixtures';

export const OWNER = `${ME}:${ME}`;
export const ALERTS = `/api/alerts/${OWNER}`;
export const PENDING = `${ALERTS}/pending`;
export const SEEN = `${ALERTS}/seen`;

/** A customer's alert: their order moved on, a link to it, not clicked yet. */
export function alert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 'alr_1',
    origin_app: 'orders',
    params: {
      type: 'order_advanced',
      subtype: 'shipped',
      role: 'customer',
      order: 'ord_1',
      customer: ME,
      supplier: 'sup_1',
      dssupplier: null,
      return_id: null,
      wallet_type_id: null,
      checkout_aggregation: null,
      amount_minor: null,
      currency: null,
    },
    message_body: { es: 'Tu pedido va en camino', en: 'Your order is on its way', 'es-AR': 'Tu pedido está en camino' },
    link: '/mis-compras/ord_1',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    pending_visits: true,
    ...overrides,
  };
}

/** `count` alerts numbered from `from` (alr_{n}, 'Alerta {n}'), already visited. */
export function alerts(count: number, from = 1): Alert[] {
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return alert({ id: `alr_${n}`, message_body: { es: `Alerta ${n}`, en: `Alert ${n}`, 'es-AR': '' }, pending_visits: false });
  });
}

export function alertList(results: Alert[], matches = results.length): AlertList {
  return { results, matches_estimated: matches };
}
