import { Avatar, Group, Text } from '@mantine/core';
import type { PhotoDisplay } from '@vitrina/contracts';
import { ResponsiveImage } from '@/components/responsive-image';
import { useShop } from '@/features/storefront/components/shared/storefront-context';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import classes from './shop-header.module.css';

/** bdr_cir, cir, bdr_sq, sq, bdr_rec, rec (spec 1 §3 photo_display) -> shape and border. */
function shapeOf(display: PhotoDisplay): { shape: 'cir' | 'sq' | 'rec'; border: boolean } {
  const border = display.startsWith('bdr_');
  const shape = display.replace('bdr_', '') as 'cir' | 'sq' | 'rec';
  return { shape, border };
}

/** spec 1 §2 'Header bar': logo and name link to the shop home; the name may be hidden (hidden_store_name). */
export function ShopBrand({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  const shop = useShop();
  const { shape, border } = shapeOf(shop.photo_display);
  return (
    <ShopLink to="/" className={classes.brand} aria-label={shop.hidden_store_name ? shop.name : undefined}>
      <Group gap="sm" wrap="nowrap">
        {shop.photo ? (
          // Only as large as it is drawn (its smallest variant); lazy loading still fetches it at once, being in view.
          <ResponsiveImage
            className={classes.logo}
            src={shop.photo}
            alt={shop.hidden_store_name ? '' : ''}
            data-shape={shape}
            data-border={border || undefined}
            width={shape === 'rec' ? 100 : 35}
            height={35}
            sizes={shape === 'rec' ? '100px' : '35px'}
          />
        ) : (
          <Avatar name={shop.name} color="initials" radius={shape === 'cir' ? 'xl' : 'sm'} size={35} aria-hidden />
        )}
        {!shop.hidden_store_name && (
          <Text fw={700} size={size} truncate="end" component="span">
            {shop.name}
          </Text>
        )}
      </Group>
    </ShopLink>
  );
}
