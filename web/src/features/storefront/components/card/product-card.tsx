import { Badge, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCoin, IconPhoto, IconShare, IconSpeakerphone } from '@tabler/icons-react';
import type { ItemJson } from '@vitrina/contracts';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '@/components/responsive-image';
import { itemDetailPath } from '@/features/storefront/lib/listing-search';
import { formatMoney } from '@/lib/money';
import { productCardModel, type CardModel } from '@/features/storefront/lib/product-card.rules';
import { publicShopUrl } from '@/features/storefront/lib/shop-path';
import { useResaleInfo } from '@/features/storefront/lib/use-resale-info';
import { useShop, useViewer } from '@/features/storefront/components/shared/storefront-context';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import { shareOrCopy } from '@/features/storefront/components/shared/share';
import classes from './product-card.module.css';

export type CardItemJson = Pick<
  ItemJson,
  | 'id'
  | 'owner'
  | 'name'
  | 'type'
  | 'photos'
  | 'list_price_minor'
  | 'crossout_price_minor'
  | 'currency'
  | 'hide_price'
  | 'is_free'
  | 'is_dropshipping'
  | 'contribution_margin_minor'
  | 'list_state'
  | 'hiden'
  | 'sold_out'
  | 'concluded'
  | 'supplier_enabled'
>;

function PriceBlock({ model }: { model: CardModel }) {
  const { t, i18n } = useTranslation('storefront');
  const money = (minor: number) => formatMoney(minor, model.currency, i18n.language);
  const { price } = model;
  if (price.kind === 'hidden') return null;
  if (price.kind === 'free') {
    return (
      <Text fw={700} c="teal" data-testid="card-price">
        {t('card.free')}
      </Text>
    );
  }
  return (
    <div>
      {model.publicPriceLabel && (
        <Text size="xs" c="dimmed">
          {t('card.publicPrice')}
        </Text>
      )}
      <Group gap={6} align="baseline" wrap="wrap">
        <Text fw={700} size="lg" data-testid="card-price">
          {money(price.minor)}
        </Text>
        {price.crossoutMinor !== null && (
          <Text size="sm" c="dimmed" className={classes.crossout} data-testid="card-crossout">
            <VisuallyHidden>{t('card.before')} </VisuallyHidden>
            {money(price.crossoutMinor)}
          </Text>
        )}
      </Group>
    </div>
  );
}

/**
 * spec 1 §2 'Product card': first photo, name (3 lines), price or 'Gratis', crossout and offer badge, 'Precio
 * público', resale information for resellers, 'Buy-by' price and the earn-commissions promo. The rules are in
 * product-card.rules.ts; this only draws them.
 */
export function ProductCard({ item }: { item: CardItemJson }) {
  const { t, i18n } = useTranslation('storefront');
  const shop = useShop();
  const viewer = useViewer();
  const [resaleInfo] = useResaleInfo();
  const model = productCardModel(item, { level: viewer.level, resaleInfo, commissionRate: viewer.commissionRate, proxy: shop.is_proxy });
  const money = (minor: number) => formatMoney(minor, model.currency, i18n.language);
  const path = itemDetailPath(item);
  const photo = item.photos[0];
  const { price, resale } = model;

  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      className={classes.card}
      data-dimmed={model.dimmed ? '' : undefined}
      data-testid="product-card"
    >
      <Card.Section className={classes.media}>
        {photo ? (
          // Drawn at a column's width: 2 columns on phones (1.5 cards in a home slider), up to 5 on wide screens.
          <ResponsiveImage
            src={photo}
            alt=""
            width={400}
            height={300}
            sizes="(max-width: 36em) 67vw, (max-width: 48em) 50vw, (max-width: 62em) 33vw, (max-width: 75em) 25vw, 20vw"
          />
        ) : (
          <Group h="100%" justify="center" c="dimmed" aria-hidden>
            <IconPhoto size={40} stroke={1.25} />
          </Group>
        )}
        <div className={classes.badges}>
          {price.kind === 'price' && price.savingMinor !== null && (
            <Badge color="red" variant="filled" data-testid="card-offer">
              {t('card.saving', { amount: money(price.savingMinor) })}
            </Badge>
          )}
          {item.sold_out && <Badge color="gray">{t('item.soldOut')}</Badge>}
          {item.concluded && <Badge color="gray">{t('item.concluded')}</Badge>}
          {!item.supplier_enabled && <Badge color="orange">{t('card.supplierDisabled')}</Badge>}
          {model.dimmed && <Badge color="dark">{item.list_state === 'unpublished' ? t('card.unpublished') : t('card.hidden')}</Badge>}
        </div>
      </Card.Section>

      <Stack gap={6} mt="sm" flex={1}>
        <ShopLink to={path} className={classes.name} title={item.name}>
          {item.name}
        </ShopLink>
        <PriceBlock model={model} />
        {model.buyByMinor !== null && (
          <Text size="xs" c="dimmed" data-testid="card-buy-by">
            {t('card.buyBy', { amount: money(model.buyByMinor) })}
          </Text>
        )}
      </Stack>

      {resale.kind === 'not_for_resale' && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="card-not-for-resale">
          {t('card.notForResale')}
        </Text>
      )}
      {resale.kind === 'earning' && (
        <Stack gap={6} mt="xs" className={classes.above} data-testid="card-resale">
          <Group gap={4} wrap="nowrap">
            <IconCoin size={16} aria-hidden color="var(--mantine-color-teal-7)" />
            <Text size="sm" fw={600} c="teal.8" data-testid="card-commission">
              {t('card.youEarn', { amount: money(resale.commissionMinor) })}
            </Text>
          </Group>
          {/* Side by side when both labels fit, one under the other when they do not: never cut ('Compar'). */}
          <div className={classes.actions}>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconShare size={14} aria-hidden />}
              disabled={!resale.enabled}
              onClick={() => void shareOrCopy({ title: item.name, url: publicShopUrl(shop.slug, path) }, t)}
            >
              {t('card.share')}
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              component="a"
              href={`/apps/me/referral/campaigns?product=${encodeURIComponent(item.id)}`}
              leftSection={<IconSpeakerphone size={14} aria-hidden />}
              disabled={!resale.enabled}
            >
              {t('card.campaign')}
            </Button>
          </div>
        </Stack>
      )}
      {model.earnPromo && (
        <Button
          component="a"
          href="/asistentes/emprendedores"
          title={t('card.earnPromoHint')}
          size="compact-xs"
          variant="subtle"
          mt="xs"
          className={classes.above}
          leftSection={<IconCoin size={14} aria-hidden />}
        >
          {t('card.earnPromo')}
        </Button>
      )}
    </Card>
  );
}
