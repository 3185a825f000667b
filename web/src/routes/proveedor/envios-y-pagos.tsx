import { createFileRoute } from '@tanstack/react-router';
import { SupplierSettingsPage } from '@/features/supplier-settings/components/supplier-settings-page';
import { SupplierPage } from './-supplier-page';

/**
 * Issue 11 'Supplier settings': the signed-in supplier's payment types, fixed shipping, rate zones and pickup
 * branches (`/api/checkout/supplier-settings`), beside 'Mis artículos'. They decide whether their cart orders can be
 * checked out (is_configured).
 */
export const Route = createFileRoute('/proveedor/envios-y-pagos')({
  component: SupplierSettingsRoute,
});

function SupplierSettingsRoute() {
  return <SupplierPage>{() => <SupplierSettingsPage />}</SupplierPage>;
}
