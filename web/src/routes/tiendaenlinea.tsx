import { createFileRoute } from '@tanstack/react-router';
import { PlanLandingRoute } from './-plan-landing-route';

/** spec 2 §2 `/tiendaenlinea`: the landing of the tienda_en_linea package. */
export const Route = createFileRoute('/tiendaenlinea')({
  component: OnlineStoreLandingRoute,
});

function OnlineStoreLandingRoute() {
  return <PlanLandingRoute kind="onlineStore" highlight={['tienda_en_linea']} />;
}
