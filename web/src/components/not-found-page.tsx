import { Center, Stack, Text, Title } from '@mantine/core';
import { IconError404 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/link-button';

/** spec 1 §2: the generic not-found page, with a link back to the platform's home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center flex={1} p="xl">
      <Stack align="center" gap="md">
        <Text c="dimmed" aria-hidden>
          <IconError404 size={64} stroke={1.25} />
        </Text>
        <Title order={1} ta="center">
          {t('notFound.title')}
        </Title>
        <LinkButton to="/" variant="light">
          {t('notFound.backHome')}
        </LinkButton>
      </Stack>
    </Center>
  );
}
