import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShopBySlug } from '@/features/shops/api/get-shop-by-slug';

/** Placeholder content of the shop home until the storefront issue lands. */
export function ShopHome({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { data: shop } = useShopBySlug(slug);
  return (
    <Container size="lg" w="100%" py="xl">
      <Title order={1}>{t('shop.welcome', { name: shop.name })}</Title>
      {shop.seo_description && <Text mt="sm">{shop.seo_description}</Text>}
      <Text c="dimmed" mt="md">
        {t('shop.comingSoon')}
      </Text>
    </Container>
  );
}
