import type { OrderState } from '@vitrina/contracts';

/** Which side of an order the page is on: its customer, its seller (supplier, or dropshipping supplier through the admin list), its dropshipping supplier. */
export type OrderSide = 'customer' | 'seller' | 'dssupplier';

export interface SellerListFilters {
  state?: OrderState;
  /** `YYYY-MM-DD`, placed on or after. */
  from?: string;
  /** `YYYY-MM-DD`, placed on or before. */
  to?: string;
}

/** Query keys of the orders feature: one root, so an action refreshes the lists and the detail alike. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  customerList: (userId: string) => ['orders', 'list', 'customer', userId] as const,
  sellerList: (userId: string, filters: SellerListFilters) => ['orders', 'list', 'seller', userId, filters] as const,
  detail: (side: OrderSide, userId: string, id: string) => ['orders', 'detail', side, userId, id] as const,
};
