import { Anchor, Button, Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Where 'Regístrate aquí' leads: the supplier sign-up (features/supplier-signup). */
const SUPPLIER_SIGNUP_PATH = '/proveedor/registro';

/**
 * spec 2 §2 'Supplier-invitation banners' (issue 16): '¿Quieres ser proveedor de {shop}?' and 'Ver más', leading to
 * the supplier landing; in the platform's supplier-recruitment shop (`supplier_card`) a 'Proveedor' card whose
 * 'Regístrate aquí' leads straight to the supplier sign-up. Not shown to those who sell already, nor in a franchise
 * store (its supplier is fixed).
 */
export function SupplierInviteBanner({ shopName, card }: { shopName: string; card: boolean }) {
  const { t } = useTranslation('storefront');
  if (card) {
    return (
      <Container size="lg" py="md" data-testid="supplier-invite-card">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="supplier-invite-card-title">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
              <IconBuildingWarehouse size={24} />
            </ThemeIcon>
            <Stack gap={6} style={{ flex: 1 }}>
              <Title order={2} size="h4" id="supplier-invite-card-title">
                {t('supplierInvite.cardTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('supplierInvite.cardText', { shop: shopName })}
              </Text>
              <Group gap="sm" mt={4}>
                <Button component="a" href={SUPPLIER_SIGNUP_PATH} size="sm">
                  {t('supplierInvite.cardAction')}
                </Button>
                <Anchor href="/proveedores" size="sm">
                  {t('supplierInvite.more')}
                </Anchor>
              </Group>
            </Stack>
          </Group>
        </Card>
      </Container>
    );
  }
  return (
    <Container size="lg" py="md" data-testid="supplier-invite">
      <Group gap="sm" justify="center" wrap="wrap">
        <IconBuildingWarehouse size={20} aria-hidden />
        <Text size="sm" fw={600}>
          {t('supplierInvite.text', { shop: shopName })}
        </Text>
        <Anchor href="/proveedores" size="sm" fw={600}>
          {t('supplierInvite.more')}
        </Anchor>
      </Group>
    </Container>
  );
}
