import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconError404 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';

/** spec 1 §2: '¡Página no encontrada!' with 'Regresar a la principal', here inside a shop (back to its home). */
export function ShopPageNotFound() {
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
        <Button component={ShopLink} to="/" variant="light">
          {t('notFound.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
