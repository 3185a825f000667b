import { Center, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/layout/page-shell';
import { LinkButton } from '@/components/link-button';
import { useFirstPaintDone } from '@/lib/first-paint';

/** spec 1 §2: a shop that does not exist. */
export function ShopNotFound() {
  useFirstPaintDone();
  const { t } = useTranslation();
  return (
    <PageShell>
      <Center flex={1} p="xl">
        <Stack align="center" gap="md">
          <Text c="dimmed" aria-hidden>
            <IconBuildingStore size={64} stroke={1.25} />
          </Text>
          <Title order={1} ta="center">
            {t('shop.notFound')}
          </Title>
          <LinkButton to="/" variant="light">
            {t('notFound.backHome')}
          </LinkButton>
        </Stack>
      </Center>
    </PageShell>
  );
}
