import { createFileRoute } from '@tanstack/react-router';
import { PlanLandingRoute } from './-plan-landing-route';

/** spec 2 §2 `/negociodigital`: the landing of the negocio_digital package. */
export const Route = createFileRoute('/negociodigital')({
  component: DigitalBusinessLandingRoute,
});

function DigitalBusinessLandingRoute() {
  return <PlanLandingRoute kind="digitalBusiness" highlight={['negocio_digital']} />;
}
