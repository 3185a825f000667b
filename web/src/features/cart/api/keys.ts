/** Query keys of the cart: keyed by who asks (null: an anonymous visitor) and the shop. */
export const cartKeys = {
  all: ['cart'] as const,
  shop: (viewer: string | null, shopSlug: string) => ['cart', viewer ?? 'anonymous', shopSlug] as const,
  cart: (viewer: string, shopSlug: string) => ['cart', viewer, shopSlug, 'cart'] as const,
  total: (viewer: string, shopSlug: string) => ['cart', viewer, shopSlug, 'total'] as const,
  quote: (shopSlug: string, items: readonly { item_id: string; amount: number }[]) =>
    ['cart', 'anonymous', shopSlug, 'quote', items] as const,
};
