import { createFileRoute } from '@tanstack/react-router';
import { PlanLandingRoute } from '../-plan-landing-route';

/** spec 2 §2 `/mkt/facturacion`: electronic invoicing, and the micro plan's three apps (spec 2 §1). */
export const Route = createFileRoute('/mkt/facturacion')({
  component: InvoicingLandingRoute,
});

function InvoicingLandingRoute() {
  return <PlanLandingRoute kind="invoicing" highlight={['facturacion_electronica', 'micro']} />;
}
