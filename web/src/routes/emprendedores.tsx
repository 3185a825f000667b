import { createFileRoute } from '@tanstack/react-router';
import { CREATE_SHOP_PATH, PlanLandingRoute } from './-plan-landing-route';

/** spec 2 §2 `/emprendedores`: the default affiliate landing (resell and earn commissions). */
export const Route = createFileRoute('/emprendedores')({
  component: AffiliatesLandingRoute,
});

function AffiliatesLandingRoute() {
  return <PlanLandingRoute kind="affiliates" action={{ label: 'createShop', href: CREATE_SHOP_PATH }} />;
}
