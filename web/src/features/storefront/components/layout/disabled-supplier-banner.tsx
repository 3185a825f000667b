import { Alert, Anchor, Container } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';

/** spec 1 §2: a banner alerts visitors when the shop's supplier is disabled, linking to the help page. */
export function DisabledSupplierBanner() {
  const { t } = useTranslation('storefront');
  return (
    <Alert color="orange" radius={0} icon={<IconAlertTriangle size={18} aria-hidden />} py="xs">
      <Container size="lg" p={0}>
        {t('disabledSupplier.text')}{' '}
        <Anchor component={ShopLink} to="/ayuda/proveedores/deshabilitado" size="sm" fw={600}>
          {t('disabledSupplier.more')}
        </Anchor>
      </Container>
    </Alert>
  );
}
