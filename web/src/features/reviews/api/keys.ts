/** Query keys of the reviews feature. */
export const reviewKeys = {
  all: ['reviews'] as const,
  line: (userId: string, orderId: string, lineId: string) => ['reviews', 'line', userId, orderId, lineId] as const,
  item: (itemId: string) => ['reviews', 'item', itemId] as const,
};

/** The orders feature's queries (by their key's root): an order's lines show whether each one has a review. */
export const ORDER_QUERIES_ROOT = ['orders'] as const;
