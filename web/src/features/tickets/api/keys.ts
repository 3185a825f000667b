/** Query keys of the tickets feature: an order's ticket pages hang under one root, so an update refreshes them all. */
export const ticketKeys = {
  all: ['tickets'] as const,
  order: (userId: string, orderId: string) => ['tickets', 'order', userId, orderId] as const,
  page: (userId: string, orderId: string, offset: number) => ['tickets', 'order', userId, orderId, 'page', offset] as const,
};
