import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '@/components/not-found-page';

/**
 * Any other path inside a shop. The shop's own pages (catalogues, listings, cart...) come as sibling
 * routes; until one matches, the generic not-found page shows inside the shop's frame.
 */
export const Route = createFileRoute('/tienda/$shopSlug/$')({
  component: NotFoundPage,
});
