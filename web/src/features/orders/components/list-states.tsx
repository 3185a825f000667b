import type { OrderSummary } from '@vitrina/contracts';
import { Alert, Button, Card, Group, Skeleton, Stack } from '@mantine/core';
import type { OrdersT } from '../i18n/texts';
import { OrderRow } from './order-row';

/** spec 3 §2 order lists: the skeleton of a few rows while the first page loads. */
export function OrderListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label} data-testid="orders-loading">
      {Array.from({ length: rows }, (_, index) => (
        <Card key={index} withBorder radius="md" padding="md">
          <Group wrap="nowrap" align="flex-start">
            <Skeleton h={64} w={64} radius="sm" />
            <Stack gap={8} flex={1}>
              <Skeleton h={14} w="50%" />
              <Skeleton h={12} w="70%" />
              <Skeleton h={12} w="30%" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

interface PagedQuery {
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The rows of an order list, newest first, and 'Cargar más' while the server has more (both lists of spec 3 §2). */
export function OrderRows({
  orders,
  side,
  detail,
  query,
  t,
  language,
}: {
  orders: OrderSummary[];
  side: 'customer' | 'seller';
  detail: (orderId: string) => string;
  query: PagedQuery;
  t: OrdersT;
  language: string;
}) {
  return (
    <Stack gap="sm" data-testid="orders-list">
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} href={detail(order.id)} t={t} language={language} side={side} />
      ))}
      {query.isFetchNextPageError && (
        <Alert color="red" variant="light" role="alert">
          {t('list.loadMoreFailed')}
        </Alert>
      )}
      {query.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          mx="auto"
          data-testid="orders-load-more"
        >
          {t('list.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
