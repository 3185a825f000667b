import { Button, Container, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ItemSort, ItemType } from '@vitrina/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { listingItemsParams, useShopItems } from '@/features/storefront/api/search-shop-items';
import { DEFAULT_SORT, listingPageSize, totalPages, type SearchPageSearch } from '@/features/storefront/lib/listing-search';
import { ItemGrid, ItemGridSkeleton } from '@/features/storefront/components/listing/item-grid';
import { ListingPagination } from '@/features/storefront/components/listing/listing-pagination';
import { SortSelect } from '@/features/storefront/components/listing/sort-select';
import { EmptyList } from '@/features/storefront/components/shared/empty-state';
import { ShopBreadcrumbs } from '@/features/storefront/components/shared/shop-breadcrumbs';
import { useShop } from '@/features/storefront/components/shared/storefront-context';
import { canSearch, SEARCH_TYPES } from './search-types';

interface SearchResultsPageProps {
  search: SearchPageSearch;
  onSearchChange: (next: SearchPageSearch) => void;
}

/** The search results page (/buscar?text=&type=): the shop's search with the listing's grid, sort and pages. */
export function SearchResultsPage({ search, onSearchChange }: SearchResultsPageProps) {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const text = search.text ?? '';
  const type: ItemType = search.type ?? 'product';
  const page = search.page ?? 1;
  const sort = search.sort ?? DEFAULT_SORT;
  const pageSize = listingPageSize(type);
  const enabled = canSearch(shop, text);
  const query = useShopItems(listingItemsParams(shop.slug, type, search, pageSize), enabled);
  const [draft, setDraft] = useState(text);

  const change = (next: { text?: string; type?: ItemType; page?: number; sort?: ItemSort }) => {
    const merged = { ...search, ...next };
    onSearchChange({
      ...(merged.text ? { text: merged.text } : {}),
      ...(merged.type && merged.type !== 'product' ? { type: merged.type } : {}),
      ...(merged.page && merged.page > 1 ? { page: merged.page } : {}),
      ...(merged.sort && merged.sort !== DEFAULT_SORT ? { sort: merged.sort } : {}),
    });
  };

  return (
    <Container size="lg" w="100%" py="md">
      <Stack gap="md">
        <ShopBreadcrumbs items={[{ label: t('search.results') }]} />
        <Title order={1} size="h2">
          {text ? t('search.resultsFor', { text }) : t('search.results')}
        </Title>
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            change({ text: draft.trim(), page: 1 });
          }}
        >
          <Group gap="sm" align="flex-end">
            <TextInput
              flex={1}
              miw={200}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              aria-label={t('search.label')}
              placeholder={t(`search.placeholder.${type}`)}
              leftSection={<IconSearch size={16} aria-hidden />}
            />
            <Button type="submit">{t('search.submit')}</Button>
          </Group>
        </form>
        <Group justify="space-between" gap="sm">
          <SegmentedControl
            size="xs"
            value={type}
            onChange={(value) => change({ type: value, page: 1 })}
            data={SEARCH_TYPES.map((value) => ({ value, label: t(`search.types.${value}`) }))}
            aria-label={t('search.typeLabel')}
          />
          <SortSelect value={sort} onChange={(next) => change({ sort: next, page: 1 })} />
        </Group>

        {!enabled ? (
          <EmptyList title={shop.owner ? t('search.prompt') : t('search.noOwner')} />
        ) : query.isPending ? (
          <ItemGridSkeleton />
        ) : query.isError ? (
          <ErrorState title={t('listing.error')} onRetry={() => void query.refetch()} />
        ) : query.data.results.length === 0 ? (
          <EmptyList title={t(`search.none.${type}`, { text })} text={t('search.noneText')} />
        ) : (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('listing.count', { count: query.data.matches_estimated })}
            </Text>
            <ItemGrid items={query.data.results} />
          </>
        )}
        {enabled && query.data && (
          <ListingPagination
            page={page}
            total={totalPages(query.data.matches_estimated, pageSize)}
            onChange={(next) => change({ page: next })}
          />
        )}
      </Stack>
    </Container>
  );
}
