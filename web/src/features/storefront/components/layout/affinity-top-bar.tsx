import { Anchor, Avatar, Container, Group, Text } from '@mantine/core';
import type { RootAffinityStoreInfoJson } from '@vitrina/contracts';
import { useTranslation } from 'react-i18next';
import { shopPath } from '@/features/storefront/lib/shop-path';

/**
 * spec 1 §2 'Header bar': when the shop has a root affinity store, a top bar shows the owner's photo and name
 * linking to the owner's URL (hidden with hidden_affinity_xheader, checked by the layout).
 */
export function AffinityTopBar({ info }: { info: RootAffinityStoreInfoJson }) {
  const { t } = useTranslation('storefront');
  const href = info.canonical_url ?? shopPath(info.slug, '/');
  return (
    <Container size="lg" w="100%" py={6} component="aside" aria-label={t('affinity.label')}>
      <Group gap="xs" wrap="nowrap">
        <Avatar src={info.photo} name={info.name} color="initials" size={24} alt="" />
        <Text size="xs" c="dimmed" truncate="end">
          {t('affinity.partOf')}{' '}
          <Anchor href={href} size="xs" fw={600}>
            {info.name}
          </Anchor>
        </Text>
      </Group>
    </Container>
  );
}
