import { createFileRoute } from '@tanstack/react-router';
import { PlanLandingRoute } from './-plan-landing-route';

/** Becoming a supplier (issue 16): the supplier profile, then the first item. */
const SUPPLIER_SIGNUP_PATH = '/proveedor/registro';

/**
 * spec 2 §2 `/proveedores`: the supplier landing (list your products, resellers sell them), the shops' supplier
 * invitation's 'Ver más'. 'Comienza ahora' opens the supplier sign-up, which asks a visitor to sign in first.
 */
export const Route = createFileRoute('/proveedores')({
  component: SuppliersLandingRoute,
});

function SuppliersLandingRoute() {
  return <PlanLandingRoute kind="suppliers" action={{ label: 'startNow', href: SUPPLIER_SIGNUP_PATH }} />;
}
