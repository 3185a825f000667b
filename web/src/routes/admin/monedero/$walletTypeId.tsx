import { createFileRoute } from '@tanstack/react-router';
import { WalletPage } from '@/features/wallets/components/wallet-page';
import { OrderFrame } from '../../-order-frame';

/** spec 2 §2 `/admin/monedero/{wallet_type_id}` (alert target): the same wallet, in the admin pages' frame. */
export const Route = createFileRoute('/admin/monedero/$walletTypeId')({
  component: AdminWalletRoute,
});

function AdminWalletRoute() {
  const { walletTypeId } = Route.useParams();
  return (
    <OrderFrame>
      <WalletPage
        walletTypeId={walletTypeId}
        links={{
          order: (movement) =>
            movement.part === 'customer' || movement.kind === 'refund_credit'
              ? `/mis-compras/${encodeURIComponent(movement.order_id ?? '')}`
              : `/admin/ordenes/${encodeURIComponent(movement.order_id ?? '')}`,
        }}
      />
    </OrderFrame>
  );
}
