import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ProductCard, type CardItemJson } from '@/features/storefront/components/card/product-card';

const GRID_COLS = { base: 2, sm: 3, md: 4, lg: 5 } as const;

export function ItemGrid({ items }: { items: CardItemJson[] }) {
  return (
    <SimpleGrid cols={GRID_COLS} spacing={{ base: 'xs', sm: 'md' }} verticalSpacing={{ base: 'sm', sm: 'lg' }} data-testid="item-grid">
      {items.map((item) => (
        <ProductCard key={item.id} item={item} />
      ))}
    </SimpleGrid>
  );
}

/** spec 1 §2 'Listings': a skeleton grid of 10 cards on desktop, 6 on mobile (tablet), 4 on phone. */
export function ItemGridSkeleton() {
  const { t } = useTranslation('storefront');
  return (
    <SimpleGrid
      cols={GRID_COLS}
      spacing={{ base: 'xs', sm: 'md' }}
      aria-busy="true"
      aria-label={t('listing.loading')}
      data-testid="item-grid-skeleton"
    >
      {Array.from({ length: 10 }, (_, index) => (
        // Cards 5-6 from the tablet size up, 7-10 on desktop.
        <Stack key={index} gap="xs" visibleFrom={index >= 6 ? 'md' : index >= 4 ? 'sm' : undefined} data-skeleton-card>
          <Skeleton style={{ aspectRatio: '4 / 3' }} h="auto" />
          <Skeleton height={12} radius="xl" />
          <Skeleton height={12} width="70%" radius="xl" />
          <Skeleton height={18} width="40%" radius="xl" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}
