/** Query keys of the checkout page: one root, so a sign-out or a write refreshes what depends on it. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  checkout: (id: string) => ['checkout', 'one', id] as const,
  addresses: (userId: string) => ['checkout', 'addresses', userId] as const,
  rates: (id: string, addressId: string) => ['checkout', 'rates', id, addressId] as const,
  branches: (id: string) => ['checkout', 'branches', id] as const,
};
