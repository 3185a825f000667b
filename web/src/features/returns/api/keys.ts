import type { ReturnStatus } from '@vitrina/contracts';

/** Which side of a return the page is on: its customer, the order's seller (supplier), its dropshipping supplier. */
export type ReturnSide = 'customer' | 'seller' | 'dssupplier';

/** Query keys of the returns feature: one root, so a change refreshes the lists and the detail alike. */
export const returnKeys = {
  all: ['returns'] as const,
  lists: () => ['returns', 'list'] as const,
  list: (side: ReturnSide, userId: string, status: ReturnStatus) => ['returns', 'list', side, userId, status] as const,
  detail: (side: ReturnSide, userId: string, id: string) => ['returns', 'detail', side, userId, id] as const,
  eligibility: (userId: string, orderId: string) => ['returns', 'eligibility', userId, orderId] as const,
};

/**
 * The orders feature's query root: a new request changes the order's `return_eligibility`, so its pages read the
 * order again (a key, not an import: features never import each other).
 */
export const ORDERS_QUERY_ROOT = ['orders'] as const;
