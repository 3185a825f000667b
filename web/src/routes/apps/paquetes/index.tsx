import { createFileRoute } from '@tanstack/react-router';
import { PackagesRoute } from './-packages-route';

interface PackagesSearch {
  /** spec 2 §4 'With a signup plan': the package a shop's sign-up offers (or a visitor's chosen one), marked. */
  comprar?: string;
}

function parseSearch(search: Record<string, unknown>): PackagesSearch {
  const id = typeof search.comprar === 'string' ? search.comprar.trim() : '';
  return id && /^[a-z_]{1,64}$/.test(id) ? { comprar: id } : {};
}

/** spec 2 §2 `/apps/paquetes` (issue 16): the packages and the user's plan. */
export const Route = createFileRoute('/apps/paquetes/')({
  validateSearch: parseSearch,
  component: PackagesIndexRoute,
});

function PackagesIndexRoute() {
  const { comprar } = Route.useSearch();
  // spec 2 §4 'With a signup plan': back from the sign-up with a package to buy, the purchase starts by itself
  return <PackagesRoute highlight={comprar ?? null} autoBuy={comprar ?? null} />;
}
