import type { ItemJson } from '@vitrina/contracts';
import { useNavigate } from '@tanstack/react-router';
import { ItemEnquiry } from '@/features/contact/components/contact-button';
import { AskSellerButton } from '@/features/inbox/components/ask-seller-button';
import { ItemReviews } from '@/features/reviews/components/item-reviews';
import { useShop } from '@/features/storefront/components/shared/storefront-context';

/**
 * What goes under every item page (products, services, experiences, digital items), mounted by the item routes into
 * the storefront's `below` slot: 'Preguntar al vendedor' (a conversation with the seller, issue 15), the
 * product-level contact modal (spec 1 §2 'Other screens', issue 15) and the item's reviews (issue 13). The storefront imports neither feature (.dependency-cruiser.cjs).
 */
export function ItemBelow({ item }: { item: Pick<ItemJson, 'id' | 'name' | 'owner' | 'type' | 'is_dropshipping'> }) {
  const shop = useShop();
  const navigate = useNavigate();
  // issue 15 'Preguntar al vendedor': the seller is who the order would go to: the shop's owner for a resold
  // (dropshipped) item, else the item's supplier; the item travels as the first message's tag
  const seller = item.is_dropshipping ? shop.owner : item.owner;
  const tag = `${item.type === 'service' ? 'service' : 'product'}:${item.owner}:${item.id}`;
  return (
    <>
      <AskSellerButton
        sellerId={seller}
        tag={tag}
        onOpened={(conversationId, t) =>
          void navigate({ to: '/me/inbox/conversation/$conversationId', params: { conversationId }, search: { tag: t } })
        }
      />
      <ItemEnquiry shop={{ ref: shop.id, name: shop.name }} item={{ id: item.id, name: item.name }} />
      <ItemReviews itemId={item.id} />
    </>
  );
}
