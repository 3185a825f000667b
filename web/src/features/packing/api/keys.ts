/** Query keys of the packing feature. */
export const packingKeys = {
  all: ['packing'] as const,
  order: (owner: string, orderId: string) => ['packing', owner, orderId] as const,
};
