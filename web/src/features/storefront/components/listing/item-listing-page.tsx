import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ItemSort, ItemType } from '@vitrina/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { listingItemsParams, useShopItems } from '@/features/storefront/api/search-shop-items';
import { DEFAULT_SORT, listingPageSize, totalPages, type ListingSearch } from '@/features/storefront/lib/listing-search';
import { EmptyList } from '@/features/storefront/components/shared/empty-state';
import { ResaleInfoToggle } from '@/features/storefront/components/shared/resale-info-toggle';
import { ShopBreadcrumbs } from '@/features/storefront/components/shared/shop-breadcrumbs';
import { useShop } from '@/features/storefront/components/shared/storefront-context';
import { ItemGrid, ItemGridSkeleton } from './item-grid';
import { ListingPagination } from './listing-pagination';
import { SortSelect } from './sort-select';

export interface ItemListingPageProps {
  type: ItemType;
  search: ListingSearch;
  onSearchChange: (next: ListingSearch) => void;
}

/** spec 1 §2 'Listings': /productos, /servicios, /experiencias, /digitales. */
export function ItemListingPage({ type, search, onSearchChange }: ItemListingPageProps) {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const page = search.page ?? 1;
  const sort = search.sort ?? DEFAULT_SORT;
  const pageSize = listingPageSize(type);
  const query = useShopItems(listingItemsParams(shop.slug, type, search, pageSize));
  const title = t(`listing.title.${type}`);
  const pages = query.data ? totalPages(query.data.matches_estimated, pageSize) : 1;

  const change = (next: { page?: number; sort?: ItemSort }) => {
    const merged = { ...search, ...next };
    onSearchChange({
      ...(merged.page && merged.page > 1 ? { page: merged.page } : {}),
      ...(merged.sort && merged.sort !== DEFAULT_SORT ? { sort: merged.sort } : {}),
    });
  };

  return (
    <Container size="lg" w="100%" py="md">
      <Stack gap="md">
        <ShopBreadcrumbs items={[{ label: title }]} />
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {query.data && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('listing.count', { count: query.data.matches_estimated })}
              </Text>
            )}
          </div>
          <Group gap="md">
            <ResaleInfoToggle />
            {/* Changing the sort starts again at page 1. */}
            <SortSelect value={sort} onChange={(next) => change({ sort: next, page: 1 })} />
          </Group>
        </Group>

        {query.isPending ? (
          <ItemGridSkeleton />
        ) : query.isError ? (
          <ErrorState title={t('listing.error')} onRetry={() => void query.refetch()} />
        ) : query.data.results.length === 0 ? (
          page > 1 ? (
            <EmptyList
              title={t('listing.pastEnd')}
              action={
                <Button variant="light" onClick={() => change({ page: 1 })}>
                  {t('listing.firstPage')}
                </Button>
              }
            />
          ) : (
            <EmptyList title={t(`listing.empty.${type}`)} text={t('listing.emptyText')} />
          )
        ) : (
          <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={query.isPlaceholderData}>
            <ItemGrid items={query.data.results} />
          </div>
        )}
        <ListingPagination page={page} total={pages} onChange={(next) => change({ page: next })} />
      </Stack>
    </Container>
  );
}
