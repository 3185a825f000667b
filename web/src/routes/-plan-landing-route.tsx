import type { PackageId } from '@vitrina/contracts';
import { PlatformFrame } from '@/components/layout/platform-frame';
import { PlanLanding, type PlanLandingAction, type PlanLandingKind } from '@/features/plans/components/plan-landing';
import { packagesNext, usePaymentPage } from './apps/paquetes/-packages-route';
import { PlatformAccount } from './-platform-account';

export const PACKAGES_PATH = '/apps/paquetes';
export const CREATE_SHOP_PATH = '/asistentes/emprendedores';

/**
 * A plans landing of spec 2 §2 in the platform's frame (not a route: the `-` keeps the router plugin from reading it).
 */
export function PlanLandingRoute({
  kind,
  highlight,
  action,
}: {
  kind: PlanLandingKind;
  highlight?: readonly PackageId[];
  action?: PlanLandingAction;
}) {
  const onPaymentPage = usePaymentPage();
  return (
    <PlatformFrame account={<PlatformAccount />} size="lg" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <PlanLanding
        kind={kind}
        highlight={highlight}
        action={action}
        packagesHref={PACKAGES_PATH}
        onPaymentPage={onPaymentPage}
        registerNext={packagesNext}
      />
    </PlatformFrame>
  );
}
