/** Query keys of the payments feature: one root, so a payment's change refreshes what depends on it. */
export const paymentKeys = {
  all: ['payments'] as const,
  page: (token: string) => ['payments', 'page', token] as const,
  attempt: (token: string, attemptId: string) => ['payments', 'attempt', token, attemptId] as const,
  cards: () => ['payments', 'cards'] as const,
  orderOfCheckout: (userId: string, checkoutId: string) => ['payments', 'order-of-checkout', userId, checkoutId] as const,
};
