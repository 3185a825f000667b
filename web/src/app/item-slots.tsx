import type { ItemJson } from '@vitrina/contracts';
import { ItemEnquiry } from '@/features/contact/components/contact-button';
import { ItemReviews } from '@/features/reviews/components/item-reviews';
import { useShop } from '@/features/storefront/components/shared/storefront-context';

/**
 * What goes under every item page (products, services, experiences, digital items), mounted by the item routes into
 * the storefront's `below` slot: the product-level contact modal (spec 1 §2 'Other screens', issue 15) and the
 * item's reviews (issue 13). The storefront imports neither feature (.dependency-cruiser.cjs).
 */
export function ItemBelow({ item }: { item: Pick<ItemJson, 'id' | 'name'> }) {
  const shop = useShop();
  return (
    <>
      <ItemEnquiry shop={{ ref: shop.id, name: shop.name }} item={{ id: item.id, name: item.name }} />
      <ItemReviews itemId={item.id} />
    </>
  );
}
