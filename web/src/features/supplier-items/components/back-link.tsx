import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useSupplierT } from '../i18n/texts';

/** Back to `/proveedor/articulos`. */
export function BackToItems() {
  const { t } = useSupplierT();
  return (
    <Anchor component={Link} to="/proveedor/articulos" size="sm" w="fit-content">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('form.back')}
    </Anchor>
  );
}
