import { Container, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the shop loads: the header bar and a grid of cards in their final places. */
export function ShopSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack mih="100dvh" gap={0} aria-busy="true" aria-label={t('shop.loading')}>
      <Container size="lg" w="100%" h={60}>
        <Group h="100%" gap="sm">
          <Skeleton circle height={35} />
          <Skeleton height={16} width={160} radius="xl" />
        </Group>
      </Container>
      <Container size="lg" w="100%" py="xl">
        <Skeleton height={28} width="40%" radius="xl" mb="md" />
        <Skeleton height={12} width="70%" radius="xl" mb="xl" />
        {/* spec 1 §2 'Listings': 10 skeleton cards on desktop, 6 on mobile, 4 on phone. */}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
          {Array.from({ length: 10 }, (_, index) => (
            <Stack key={index} gap="xs" visibleFrom={index >= 6 ? 'md' : index >= 4 ? 'sm' : undefined}>
              <Skeleton height={140} />
              <Skeleton height={10} radius="xl" />
              <Skeleton height={10} width="60%" radius="xl" />
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Stack>
  );
}
