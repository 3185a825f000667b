import { Container, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './item-page.module.css';

/** The item page while it loads: photo, title, price and buttons in their final places. */
export function ItemPageSkeleton() {
  const { t } = useTranslation('storefront');
  return (
    <Container size="lg" w="100%" py="md" aria-busy="true" aria-label={t('item.loading')}>
      <Skeleton height={12} width={220} radius="xl" mb="md" />
      <div className={classes.layout}>
        <Skeleton style={{ aspectRatio: '4 / 3' }} h="auto" />
        <Stack gap="md">
          <Skeleton height={28} width="80%" radius="xl" />
          <Skeleton height={24} width="35%" radius="xl" />
          <Skeleton height={14} width="50%" radius="xl" />
          <Group gap="sm">
            <Skeleton height={42} width={180} />
            <Skeleton height={42} width={120} />
          </Group>
        </Stack>
      </div>
    </Container>
  );
}
