import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PreferencesContent } from '@/features/profile/components/preferences-content';
import { useShopBySlug } from '@/features/storefront/api/get-shop-by-slug';

/** spec 1 §2 `{shopPath}preferencias`: inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/preferencias')({
  component: ShopPreferencesRoute,
});

function ShopPreferencesRoute() {
  const { data: shop } = useShopBySlug(Route.useParams().shopSlug);
  return (
    <Container size="md" w="100%" py="xl">
      {/* spec 1 §2: the dark/light toggle only where the shop allows dark mode. */}
      <PreferencesContent withThemeToggle={shop.darkmode === true && shop.hidden_darkmode !== true} />
    </Container>
  );
}
