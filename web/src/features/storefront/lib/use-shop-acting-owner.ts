import type { CollaboratorRole } from '@vitrina/contracts';
import { useShopBySlug } from '@/features/storefront/api/get-shop-by-slug';
import { actingOwner } from '@/lib/session/acting-owner';
import { useSession } from '@/lib/session/use-session';

/**
 * For a shop's admin pages (issue 16 'Collaborators'): `{ ownerId }` of the shop's owner when the signed-in user is
 * their collaborator with one of `roles`, else `{}` (the page works on the user's own data). Spread into the page's
 * props: `<SellerOrdersPage {...useShopActingOwner(slug, CollaboratorAccess.ordersRead)} />`.
 */
export function useShopActingOwner(shopSlug: string, roles: readonly CollaboratorRole[]): { ownerId?: string } {
  const session = useSession();
  const { data: shop } = useShopBySlug(shopSlug);
  const ownerId = actingOwner(session.user, shop.owner, roles);
  return ownerId ? { ownerId } : {};
}
