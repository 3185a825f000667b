import { Anchor, Card, Group, Image, Text } from '@mantine/core';
import { IconPackage, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { orderNumber } from '@/lib/dates';
import { parseTag, type MessageTag } from '../domain/conversations';
import { useInboxT } from '../i18n/texts';

function ItemCard({ tag, shopSlug }: { tag: Extract<MessageTag, { type: 'product' | 'service' }>; shopSlug: string | null }) {
  const { t } = useInboxT();
  // the item as the storefront reads it: its name and first photo (public; an item gone since shows the bare label)
  const item = useQuery({
    queryKey: ['inbox', 'tag-item', tag.owner, tag.id],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/catalogue/items/{owner}/{item}', { params: { path: { owner: tag.owner, item: tag.id } }, signal })),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const photo = item.data?.photos[0];
  return (
    <Card withBorder padding="xs" radius="md" data-testid="message-tag" data-tag-type={tag.type}>
      <Group gap="xs" wrap="nowrap">
        {photo ? <Image src={photo} alt="" w={40} h={40} radius="sm" fit="cover" /> : <IconPackage size={28} aria-hidden />}
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {t(`tag.${tag.type}`)}
          </Text>
          {shopSlug ? (
            <Anchor
              href={`/tienda/${encodeURIComponent(shopSlug)}/${tag.type === 'service' ? 'servicios' : 'productos'}/${encodeURIComponent(tag.owner)}/${encodeURIComponent(tag.id)}`}
              size="sm"
              fw={600}
              lineClamp={1}
              data-testid="message-tag-link"
            >
              {item.data?.name ?? t(`tag.${tag.type}`)}
            </Anchor>
          ) : (
            <Text size="sm" fw={600} truncate="end">
              {item.data?.name ?? '…'}
            </Text>
          )}
        </div>
      </Group>
    </Card>
  );
}

function OrderCard({ tag, userId }: { tag: Extract<MessageTag, { type: 'order' }>; userId: string }) {
  const { t } = useInboxT();
  // the order's page for this reader: the seller's when they sell it, the customer's otherwise
  const href =
    tag.owner === userId ? `/apps/me/store/orders/${encodeURIComponent(tag.order)}` : `/mis-compras/${encodeURIComponent(tag.order)}`;
  return (
    <Card withBorder padding="xs" radius="md" data-testid="message-tag" data-tag-type="order">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap">
          <IconReceipt size={24} aria-hidden />
          <Text size="sm" fw={600}>
            {t('tag.order', { number: orderNumber(tag.order) })}
          </Text>
        </Group>
        <Anchor href={href} size="sm">
          {t('tag.viewOrder')}
        </Anchor>
      </Group>
    </Card>
  );
}

/**
 * spec 2 §3 tags as cards in the chat: the product or service asked about (linked into `shopSlug`, the seller's shop,
 * when known), or the order. Unknown shapes show nothing.
 */
export function MessageTagCard({ tag, userId, shopSlug = null }: { tag: string; userId: string; shopSlug?: string | null }) {
  const parsed = parseTag(tag);
  if (!parsed) return null;
  return parsed.type === 'order' ? <OrderCard tag={parsed} userId={userId} /> : <ItemCard tag={parsed} shopSlug={shopSlug} />;
}
