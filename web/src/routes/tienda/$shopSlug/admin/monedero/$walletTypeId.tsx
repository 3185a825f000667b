import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { CollaboratorAccess } from '@vitrina/contracts';
import { WalletPage } from '@/features/wallets/components/wallet-page';
import { shopPath } from '@/features/storefront/lib/shop-path';
import { useShopActingOwner } from '@/features/storefront/lib/use-shop-acting-owner';

/**
 * `/tienda/{shop}/admin/monedero/{wallet_type_id}`: the shop's wallet inside its frame. The owner sees their own; an
 * accountant or admin collaborator of the owner reads the owner's (issue 16 'an accountant reads orders and the shop's
 * wallet'; the server checks the token's role), without the cash-out form.
 */
export const Route = createFileRoute('/tienda/$shopSlug/admin/monedero/$walletTypeId')({
  component: ShopWalletRoute,
});

function ShopWalletRoute() {
  const { shopSlug, walletTypeId } = Route.useParams();
  const acting = useShopActingOwner(shopSlug, CollaboratorAccess.walletRead);
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <WalletPage
        walletTypeId={walletTypeId}
        {...acting}
        links={{
          // the shop's sales open in the shop's order pages; a refund credit is the wallet owner's own purchase, which
          // only the owner opens (a collaborator sees its number)
          order: (movement) =>
            movement.part === 'customer' || movement.kind === 'refund_credit'
              ? acting.ownerId
                ? null
                : `/mis-compras/${encodeURIComponent(movement.order_id ?? '')}`
              : shopPath(shopSlug, `/admin/ordenes/${encodeURIComponent(movement.order_id ?? '')}`),
        }}
      />
    </Container>
  );
}
