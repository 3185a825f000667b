import { Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { useCatalogues } from '@/features/storefront/api/get-catalogues';
import { CATALOGUES_PAGE_SIZE, type CatalogueSearch } from '@/features/storefront/lib/catalogue-search';
import { pageToOffset, totalPages } from '@/features/storefront/lib/listing-search';
import { catalogueOwnerRef } from '@/features/storefront/lib/shop-path';
import { CatalogueCard } from '@/features/storefront/components/home/home-sections';
import { ListingPagination } from '@/features/storefront/components/listing/listing-pagination';
import { EmptyList } from '@/features/storefront/components/shared/empty-state';
import { ShopBreadcrumbs } from '@/features/storefront/components/shared/shop-breadcrumbs';
import { useShop } from '@/features/storefront/components/shared/storefront-context';

const COLS = { base: 2, sm: 3, md: 4 } as const;

/** spec 1 §2 /catalogos: the shop's published catalogues, 30 per page. */
export function CataloguesPage({ search, onSearchChange }: { search: CatalogueSearch; onSearchChange: (next: CatalogueSearch) => void }) {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const page = search.page ?? 1;
  const query = useCatalogues({ owner: catalogueOwnerRef(shop), ...pageToOffset(page, CATALOGUES_PAGE_SIZE) });
  return (
    <Container size="lg" w="100%" py="md">
      <Stack gap="md">
        <ShopBreadcrumbs items={[{ label: t('menu.catalogues') }]} />
        <div>
          <Title order={1} size="h2">
            {t('catalogues.title')}
          </Title>
          {query.data && (
            <Text size="sm" c="dimmed">
              {t('catalogues.total', { count: query.data.matches_estimated })}
            </Text>
          )}
        </div>
        {query.isPending ? (
          <SimpleGrid cols={COLS} aria-busy="true" aria-label={t('listing.loading')}>
            {Array.from({ length: 8 }, (_, index) => (
              <Stack key={index} gap={6}>
                <Skeleton style={{ aspectRatio: '2 / 1' }} h="auto" />
                <Skeleton height={12} width="70%" radius="xl" />
              </Stack>
            ))}
          </SimpleGrid>
        ) : query.isError ? (
          <ErrorState title={t('catalogues.error')} onRetry={() => void query.refetch()} />
        ) : query.data.results.length === 0 ? (
          <EmptyList title={t('catalogues.empty')} />
        ) : (
          <SimpleGrid cols={COLS} spacing="lg">
            {query.data.results.map((catalogue) => (
              <CatalogueCard key={catalogue.id} catalogue={catalogue} />
            ))}
          </SimpleGrid>
        )}
        {query.data && (
          <ListingPagination
            page={page}
            total={totalPages(query.data.matches_estimated, CATALOGUES_PAGE_SIZE)}
            onChange={(next) => onSearchChange(next > 1 ? { page: next } : {})}
          />
        )}
      </Stack>
    </Container>
  );
}
