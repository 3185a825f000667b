import { createFileRoute } from '@tanstack/react-router';
import { WalletPage } from '@/features/wallets/components/wallet-page';
import { OrderFrame } from '../../-order-frame';

/** spec 2 §2 `/me/wallet/{wallet_type_id}` (alert target): the user's wallet in the platform's frame. */
export const Route = createFileRoute('/me/wallet/$walletTypeId')({
  component: MeWalletRoute,
});

function MeWalletRoute() {
  const { walletTypeId } = Route.useParams();
  return (
    <OrderFrame>
      <WalletPage
        walletTypeId={walletTypeId}
        links={{
          // A refund credit is the user's own purchase; every other movement is an order they sold or fulfilled.
          order: (movement) =>
            movement.part === 'customer' || movement.kind === 'refund_credit'
              ? `/mis-compras/${encodeURIComponent(movement.order_id ?? '')}`
              : `/admin/ordenes/${encodeURIComponent(movement.order_id ?? '')}`,
        }}
      />
    </OrderFrame>
  );
}
