import { ORDER_STATES } from '@vitrina/contracts';
import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import type { SellerListFilters } from '../api/keys';
import { useSellerOrders } from '../api/list-orders';
import { useOrdersT, type OrdersT } from '../i18n/texts';
import { OrderListSkeleton, OrderRows } from './list-states';
import { OrdersGate } from './orders-gate';

export interface SellerOrdersLinks {
  detail: (orderId: string) => string;
}

function Filters({ value, onChange, t }: { value: SellerListFilters; onChange: (next: SellerListFilters) => void; t: OrdersT }) {
  const rangeInvalid = Boolean(value.from && value.to && value.to < value.from);
  const set = (patch: Partial<SellerListFilters>) => onChange(stripEmpty({ ...value, ...patch }));
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid="orders-filters">
      <Select
        label={t('seller.filterState')}
        placeholder={t('seller.allStates')}
        data={ORDER_STATES.map((state) => ({ value: state, label: t(`states.${state}`) }))}
        value={value.state ?? null}
        onChange={(state) => set({ state: state ?? undefined })}
        clearable
        w={{ base: '100%', xs: 220 }}
        data-testid="orders-filter-state"
      />
      <TextInput
        type="date"
        label={t('seller.filterFrom')}
        value={value.from ?? ''}
        onChange={(event) => set({ from: event.currentTarget.value })}
        w={{ base: '100%', xs: 170 }}
        data-testid="orders-filter-from"
      />
      <TextInput
        type="date"
        label={t('seller.filterTo')}
        value={value.to ?? ''}
        onChange={(event) => set({ to: event.currentTarget.value })}
        error={rangeInvalid ? t('seller.rangeInvalid') : undefined}
        w={{ base: '100%', xs: 170 }}
        data-testid="orders-filter-to"
      />
      {(value.state || value.from || value.to) && (
        <Button variant="subtle" onClick={() => onChange({})}>
          {t('seller.clearFilters')}
        </Button>
      )}
    </Group>
  );
}

function SellerOrdersList({ userId, filters, links }: { userId: string; filters: SellerListFilters; links: SellerOrdersLinks }) {
  const { t, i18n } = useOrdersT();
  const query = useSellerOrders(userId, filters);
  if (query.isPending) return <OrderListSkeleton label={t('seller.loading')} />;
  if (query.isError) return <ErrorState title={t('seller.errorTitle')} text={t('list.errorText')} onRetry={() => void query.refetch()} />;
  const orders = query.data.pages.flatMap((page) => page.results);
  if (orders.length === 0) {
    const filtered = Boolean(filters.state || filters.from || filters.to);
    return (
      <Card withBorder radius="md" padding="xl" data-testid="orders-empty">
        <Stack align="center" gap="xs" ta="center">
          <Title order={2} size="h4">
            {t('seller.emptyTitle')}
          </Title>
          <Text c="dimmed">{t(filtered ? 'seller.emptyFiltered' : 'seller.emptyText')}</Text>
        </Stack>
      </Card>
    );
  }
  return <OrderRows orders={orders} side="seller" detail={links.detail} query={query} t={t} language={i18n.language} />;
}

/**
 * The shop admin's `/admin/ordenes` (spec 3 §2): the orders the user sells or fulfils, with state and date filters.
 * `aside`: what the route puts beside the title (the returns feature's link to the return requests).
 */
export function SellerOrdersPage({
  links,
  aside,
  ownerId,
}: {
  links: SellerOrdersLinks;
  aside?: ReactNode;
  /** A collaborator works on this shop owner's orders (issue 16; the token's role lets them): the owner's id. */
  ownerId?: string;
}) {
  const { t } = useOrdersT();
  const [filters, setFilters] = useState<SellerListFilters>({});
  // An inverted range asks nothing of the server: the field says what is wrong instead.
  const applied = filters.from && filters.to && filters.to < filters.from ? { ...filters, from: undefined, to: undefined } : filters;
  return (
    <Stack gap="md" data-testid="seller-orders-page">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('seller.title')}
          </Title>
          <Text c="dimmed">{t('seller.subtitle')}</Text>
        </Stack>
        {aside}
      </Group>
      <OrdersGate seller>
        {(userId) => (
          <Stack gap="md">
            <Filters value={filters} onChange={setFilters} t={t} />
            <SellerOrdersList userId={ownerId ?? userId} filters={stripEmpty(applied)} links={links} />
          </Stack>
        )}
      </OrdersGate>
    </Stack>
  );
}

function stripEmpty(filters: SellerListFilters): SellerListFilters {
  const out: SellerListFilters = {};
  if (filters.state) out.state = filters.state;
  if (filters.from) out.from = filters.from;
  if (filters.to) out.to = filters.to;
  return out;
}
