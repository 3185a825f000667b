import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { ErrorState } from '@/components/error-state';
import { useMyOrders } from '../api/list-orders';
import { useOrdersT } from '../i18n/texts';
import { OrderListSkeleton, OrderRows } from './list-states';
import { OrdersGate } from './orders-gate';
import { RouteLink } from './route-link';

export interface MyOrdersLinks {
  /** Where 'Seguir comprando' leads: the platform's home or the shop's. */
  shop: string;
  detail: (orderId: string) => string;
}

function MyOrdersList({ userId, links }: { userId: string; links: MyOrdersLinks }) {
  const { t, i18n } = useOrdersT();
  const query = useMyOrders(userId);
  if (query.isPending) return <OrderListSkeleton label={t('list.loading')} />;
  if (query.isError) return <ErrorState title={t('list.errorTitle')} text={t('list.errorText')} onRetry={() => void query.refetch()} />;
  const orders = query.data.pages.flatMap((page) => page.results);
  if (orders.length === 0) {
    return (
      <Card withBorder radius="md" padding="xl" data-testid="orders-empty">
        <Stack align="center" gap="sm" ta="center">
          <IconShoppingBag size={40} stroke={1.5} aria-hidden />
          <Title order={2} size="h4">
            {t('list.emptyTitle')}
          </Title>
          <Text c="dimmed">{t('list.emptyText')}</Text>
          <Button component={RouteLink} to={links.shop} variant="filled">
            {t('list.keepShopping')}
          </Button>
        </Stack>
      </Card>
    );
  }
  return <OrderRows orders={orders} side="customer" detail={links.detail} query={query} t={t} language={i18n.language} />;
}

/** spec 3 §2 `/mis-compras`: the signed-in shopper's purchases, newest first, with their states. */
export function MyOrdersPage({ links }: { links: MyOrdersLinks }) {
  const { t } = useOrdersT();
  return (
    <Stack gap="md" data-testid="my-orders-page">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Text c="dimmed">{t('list.subtitle')}</Text>
      </Stack>
      <OrdersGate>{(userId) => <MyOrdersList userId={userId} links={links} />}</OrdersGate>
    </Stack>
  );
}
