import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PlatformFrame } from '@/components/layout/platform-frame';
import { SupplierSignupPage } from '@/features/supplier-signup/components/supplier-signup-page';
import { PlatformAccount } from '../-platform-account';

/** Become a supplier (issue 16): open the supplier profile, then list the first item. */
export const Route = createFileRoute('/proveedor/registro')({
  component: SupplierSignupRoute,
});

const LINKS = { items: '/proveedor/articulos', newItem: '/proveedor/articulos/nuevo', settings: '/proveedor/envios-y-pagos' };

function SupplierSignupRoute() {
  const navigate = useNavigate();
  return (
    <PlatformFrame account={<PlatformAccount />} size="lg" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <SupplierSignupPage links={LINKS} onOpened={() => void navigate({ to: '/proveedor/articulos/nuevo' })} />
    </PlatformFrame>
  );
}
