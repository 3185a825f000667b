import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PlatformFrame } from '@/components/layout/platform-frame';
import { PackagesPage } from '@/features/plans/components/packages-page';
import { PlatformAccount } from '../../-platform-account';

/** The payment page of a package purchase (spec 2 §2 `/me/payments/{payment_token}`). */
export const paymentHref = (token: string) => `/me/payments/${encodeURIComponent(token)}`;

/** Where a visitor who signs up from a package's button comes back: the packages, that one marked. */
export const packagesNext = (packageId: string) => `/apps/paquetes?comprar=${encodeURIComponent(packageId)}`;

/** Opens the payment page of a purchase just made. */
export function usePaymentPage(): (token: string) => void {
  const navigate = useNavigate();
  return useCallback((token: string) => void navigate({ to: '/me/payments/$token', params: { token } }), [navigate]);
}

/** `/apps/paquetes` and `/apps/paquetes/{package}` (not a route: the `-` keeps the router plugin from reading it). */
export function PackagesRoute({ highlight, autoBuy = null }: { highlight: string | null; autoBuy?: string | null }) {
  const onPaymentPage = usePaymentPage();
  return (
    <PlatformFrame account={<PlatformAccount />} size="lg" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <PackagesPage
        highlight={highlight}
        autoBuy={autoBuy}
        onPaymentPage={onPaymentPage}
        paymentHref={paymentHref}
        registerNext={packagesNext}
      />
    </PlatformFrame>
  );
}
