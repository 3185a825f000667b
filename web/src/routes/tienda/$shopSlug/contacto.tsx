import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ContactButton } from '@/features/contact/components/contact-button';
import { ShopInfoPage } from '@/features/storefront/components/pages/shop-info-page';
import { useShop } from '@/features/storefront/components/shared/storefront-context';

export const Route = createFileRoute('/tienda/$shopSlug/contacto')({
  component: ContactRoute,
});

/**
 * The footer's 'Contacto' (spec 1 §2 'Footer') leads here: the shop's contact data, and the shop-level contact modal
 * (spec 1 §2 'Other screens'), open on arrival; closed, the page keeps a button to write again.
 */
function ContactRoute() {
  const shop = useShop();
  return (
    <>
      <ShopInfoPage topic="contact" />
      <Container size="md" w="100%" pb="xl">
        <ContactButton shop={{ ref: shop.id, name: shop.name }} defaultOpened />
      </Container>
    </>
  );
}
