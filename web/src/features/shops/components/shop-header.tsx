import { Avatar, Container, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Shop } from '@/features/shops/api/get-shop-by-slug';
import classes from './shop-header.module.css';

/** spec 1 §2 'Header bar': logo and name link to the shop home; the name may be hidden (hidden_store_name). */
export function ShopHeader({ shop }: { shop: Shop }) {
  const square = shop.photo_display === 'sq' || shop.photo_display === 'bdr_sq';
  return (
    <header className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between">
          <Link to="/tienda/$shopSlug/" params={{ shopSlug: shop.slug }} className={classes.brand}>
            <Group gap="sm" wrap="nowrap">
              <Avatar src={shop.photo ?? null} alt={shop.name} name={shop.name} color="initials" radius={square ? 'sm' : 'xl'} size={35} />
              {!shop.hidden_store_name && (
                <Text fw={700} size="lg" truncate="end">
                  {shop.name}
                </Text>
              )}
            </Group>
          </Link>
          {/* Search, cart and account actions come with the storefront issue. */}
        </Group>
      </Container>
    </header>
  );
}
