import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { CheckInPage } from '@/features/tickets/components/check-in-page';

/** `{shopPath}checkin`: the door's check-in on a shop's host (a root `/checkin` there is the shop's page). */
export const Route = createFileRoute('/tienda/$shopSlug/checkin')({
  component: ShopCheckInRoute,
});

function ShopCheckInRoute() {
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <CheckInPage />
    </Container>
  );
}
