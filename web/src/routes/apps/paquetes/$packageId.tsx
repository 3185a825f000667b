import { createFileRoute } from '@tanstack/react-router';
import { PackagesRoute } from './-packages-route';

/** spec 2 §7 'memberships offer: /apps/paquetes/{package_id}' (the membership alerts' link): the packages, that one marked. */
export const Route = createFileRoute('/apps/paquetes/$packageId')({
  component: PackageRoute,
});

function PackageRoute() {
  const { packageId } = Route.useParams();
  return <PackagesRoute highlight={packageId} />;
}
