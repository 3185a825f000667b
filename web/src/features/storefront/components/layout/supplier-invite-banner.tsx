import { Anchor, Container, Group, Text } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * spec 2 §2 'Supplier-invitation banners' (issue 16): '¿Quieres ser proveedor de {shop}?' and 'Ver más', leading to
 * the supplier landing; not shown to those who sell already, nor in a franchise store (its supplier is fixed).
 */
export function SupplierInviteBanner({ shopName }: { shopName: string }) {
  const { t } = useTranslation('storefront');
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
