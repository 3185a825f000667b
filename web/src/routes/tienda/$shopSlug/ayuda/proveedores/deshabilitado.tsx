import { createFileRoute } from '@tanstack/react-router';
import { ShopInfoPage } from '@/features/storefront/components/pages/shop-info-page';

/** spec 1 §2: the help page linked from the disabled-supplier banner. */
export const Route = createFileRoute('/tienda/$shopSlug/ayuda/proveedores/deshabilitado')({
  component: DisabledSupplierRoute,
});

function DisabledSupplierRoute() {
  return <ShopInfoPage topic="disabledSupplier" />;
}
