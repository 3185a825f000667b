import { Alert, Anchor, Avatar, Badge, Button, Chip, Container, Divider, Group, Rating, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBolt, IconCalendarEvent, IconCoin, IconPackage, IconShare, IconShoppingCartPlus } from '@tabler/icons-react';
import type { ItemJson } from '@vitrina/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useItem } from '@/features/storefront/api/get-item';
import { useSupplier } from '@/features/storefront/api/get-supplier';
import { itemDetailPath, LISTING_SEGMENTS } from '@/features/storefront/lib/listing-search';
import { cartBridge } from '@/lib/cart-bridge';
import { formatMoney, moneyLocale } from '@/lib/money';
import { productCardModel } from '@/features/storefront/lib/product-card.rules';
import { publicShopUrl } from '@/features/storefront/lib/shop-path';
import { useResaleInfo } from '@/features/storefront/lib/use-resale-info';
import { shareOrCopy } from '@/features/storefront/components/shared/share';
import { ShopBreadcrumbs } from '@/features/storefront/components/shared/shop-breadcrumbs';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import { useShop, useViewer } from '@/features/storefront/components/shared/storefront-context';
import { useShareGate } from '@/features/storefront/lib/use-share-gate';
import { ItemPhotos } from './item-photos';
import classes from './item-page.module.css';
import { ReturnPolicyButton } from './return-policy-modal';

function Price({ item }: { item: ItemJson }) {
  const { t, i18n } = useTranslation('storefront');
  const viewer = useViewer();
  const shop = useShop();
  const [resaleInfo] = useResaleInfo();
  const model = productCardModel(item, { level: viewer.level, resaleInfo, commissionRate: viewer.commissionRate, proxy: shop.is_proxy });
  const money = (minor: number) => formatMoney(minor, item.currency, i18n.language);
  const { price, resale } = model;
  return (
    <Stack gap={4}>
      {price.kind === 'free' && (
        <Text fw={800} size="xl" c="teal" data-testid="item-price">
          {t('card.free')}
        </Text>
      )}
      {price.kind === 'price' && (
        <>
          {model.publicPriceLabel && (
            <Text size="sm" c="dimmed">
              {t('card.publicPrice')}
            </Text>
          )}
          <Group gap="sm" align="baseline">
            <Text fw={800} size="xl" data-testid="item-price">
              {money(price.minor)}
            </Text>
            {price.crossoutMinor !== null && (
              <Text c="dimmed" className={classes.crossout}>
                {money(price.crossoutMinor)}
              </Text>
            )}
            {price.savingMinor !== null && (
              <Badge color="red" variant="filled">
                {t('card.saving', { amount: money(price.savingMinor) })}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('item.taxesIncluded')}
          </Text>
        </>
      )}
      {model.buyByMinor !== null && (
        <Text size="sm" c="dimmed">
          {t('card.buyBy', { amount: money(model.buyByMinor) })}
        </Text>
      )}
      {resale.kind === 'earning' && (
        <Group gap={6}>
          <IconCoin size={18} aria-hidden color="var(--mantine-color-teal-7)" />
          <Text fw={600} c="teal.8">
            {t('card.youEarn', { amount: money(resale.commissionMinor) })}
          </Text>
        </Group>
      )}
      {resale.kind === 'not_for_resale' && (
        <Text size="sm" c="dimmed">
          {t('card.notForResale')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The item's reviews (issue 13: the catalogue keeps the average and count from the orders' review events): stars to
 * one decimal and how many. An answer without a rating (a catalogue from before ratings) shows none.
 */
function ItemRating({ rating }: { rating?: ItemJson['rating'] }) {
  const { t, i18n } = useTranslation('storefront');
  if (!rating || rating.count === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="item-rating">
        {t('item.noReviews')}
      </Text>
    );
  }
  const average = new Intl.NumberFormat(moneyLocale(i18n.language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    rating.average,
  );
  return (
    <Group gap={6} data-testid="item-rating">
      <Rating value={rating.average} fractions={10} readOnly size="sm" role="img" aria-label={t('item.rating', { average })} />
      <Text size="sm" fw={600} aria-hidden>
        {average}
      </Text>
      <Text size="sm" c="dimmed">
        {t('item.reviews', { count: rating.count })}
      </Text>
    </Group>
  );
}

/** Availability (spec 1 §2 'Item pages'): sold out, a concluded experience, its date, stock. */
function Availability({ item }: { item: ItemJson }) {
  const { t, i18n } = useTranslation('storefront');
  const date = item.experience_date ? new Date(item.experience_date) : null;
  return (
    <Stack gap={6} data-testid="item-availability">
      {item.type === 'experience' && date && (
        <Group gap={6}>
          <IconCalendarEvent size={18} aria-hidden />
          <Text size="sm">{new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' }).format(date)}</Text>
        </Group>
      )}
      {item.concluded ? (
        <Alert color="gray" p="xs">
          {t('item.concludedText')}
        </Alert>
      ) : item.sold_out ? (
        <Alert color="red" p="xs">
          {t('item.soldOutText')}
        </Alert>
      ) : (
        <Group gap={6}>
          <IconPackage size={18} aria-hidden />
          <Text size="sm">
            {item.stock.stock_type === 'ondemand'
              ? t('item.onDemand')
              : item.stock.available !== null
                ? t('item.available', { count: item.stock.available })
                : t('item.inStock')}
          </Text>
        </Group>
      )}
      {item.stock.max_purchase_amount !== null && (
        <Text size="xs" c="dimmed">
          {t('item.maxPurchase', { count: item.stock.max_purchase_amount })}
        </Text>
      )}
    </Stack>
  );
}

/** The options a variant value lists ("S, M, L"); one option or none means nothing to choose. */
function variantOptions(value: string): string[] {
  return value
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean);
}

/** The variant as chosen: every name with its chosen option (the first one until the shopper picks). */
function chosenVariant(variants: Record<string, string>, chosen: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variants).flatMap(([name, value]) => {
      const options = variantOptions(value);
      return options.length > 1 ? [[name, chosen[name] ?? options[0]!] as const] : [];
    }),
  );
}

/** Variants (spec 1 §3: a map of name to value); a value listing options ("S, M, L") offers a choice. */
function Variants({
  variants,
  chosen,
  setChosen,
}: {
  variants: Record<string, string>;
  chosen: Record<string, string>;
  setChosen: (update: (current: Record<string, string>) => Record<string, string>) => void;
}) {
  const { t } = useTranslation('storefront');
  const entries = Object.entries(variants);
  if (entries.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="item-variants">
      {entries.map(([name, value]) => {
        const options = variantOptions(value);
        return (
          <div key={name}>
            <Text size="sm" fw={600} mb={4} id={`variant-${name}`}>
              {name}
            </Text>
            {options.length > 1 ? (
              <Chip.Group value={chosen[name] ?? options[0]} onChange={(next) => setChosen((current) => ({ ...current, [name]: next }))}>
                <Group gap={6} role="radiogroup" aria-labelledby={`variant-${name}`}>
                  {options.map((option) => (
                    <Chip key={option} value={option} size="sm" variant="outline">
                      {option}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            ) : (
              <Text size="sm">{value || t('item.noValue')}</Text>
            )}
          </div>
        );
      })}
    </Stack>
  );
}

function Supplier({ item }: { item: ItemJson }) {
  const { t } = useTranslation('storefront');
  const { data: supplier } = useSupplier(item.owner);
  const name = supplier?.name ?? item.owner_name;
  if (!name) return null;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="item-supplier">
      <Avatar src={supplier?.image ?? null} name={name} color="initials" alt="" />
      <div>
        <Text size="xs" c="dimmed">
          {t('item.supplier')}
        </Text>
        <Text size="sm" fw={600}>
          {name}
        </Text>
      </div>
    </Group>
  );
}

/** spec 1 §2 item detail: /productos/{owner}/{id} and its siblings for services, experiences and digital items. */
/**
 * `below`: what other features add under the item (the routes mount the reviews, issue 13); it gets the item, so it
 * has the item's id even when the address names its slug.
 */
export function ItemPage({ owner, itemId, below }: { owner: string; itemId: string; below?: (item: ItemJson) => ReactNode }) {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const canShare = useShareGate(useViewer().userId);
  const { data: item } = useItem({ owner, item: itemId, shop: shop.slug });
  // issue 16: a disabled supplier's items are shown but not sold (the cart would refuse them).
  const supplierOff = !item.supplier_enabled;
  const unavailable = item.sold_out || item.concluded || item.list_state === 'unpublished' || item.hiden || supplierOff;
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<'add' | 'buy' | null>(null);
  // The cart feature does the work (lib/cart-bridge): server cart when signed in, local storage otherwise.
  const run = async (kind: 'add' | 'buy') => {
    setPending(kind);
    try {
      if (kind === 'add') {
        await cartBridge.add({
          shopSlug: shop.slug,
          itemId: item.id,
          amount: 1,
          variant: chosenVariant(item.variants, chosen),
          limits: {
            available: item.stock.available,
            stock_type: item.stock.stock_type,
            max_purchase_amount: item.stock.max_purchase_amount,
          },
        });
      } else {
        await cartBridge.buyNow({ shopSlug: shop.slug, itemId: item.id, amount: 1, variant: chosenVariant(item.variants, chosen) });
      }
    } finally {
      setPending(null);
    }
  };

  return (
    <Container size="lg" w="100%" py="md">
      <Stack gap="md">
        <ShopBreadcrumbs
          items={[{ label: t(`listing.title.${item.type}`), to: `/${LISTING_SEGMENTS[item.type]}` }, { label: item.name }]}
        />
        {(item.list_state === 'unpublished' || item.hiden) && (
          <Alert color="gray">{item.list_state === 'unpublished' ? t('item.unpublishedNote') : t('item.hiddenNote')}</Alert>
        )}
        {supplierOff && (
          <Alert color="orange" data-testid="item-supplier-disabled">
            {t('item.supplierDisabledNote')}{' '}
            <Anchor component={ShopLink} to="/ayuda/proveedores/deshabilitado" size="sm" fw={600}>
              {t('disabledSupplier.more')}
            </Anchor>
          </Alert>
        )}
        <div className={classes.layout}>
          <ItemPhotos photos={item.photos} name={item.name} />
          <Stack gap="md">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Title>
            <ItemRating rating={item.rating} />
            <Price item={item} />
            <Availability item={item} />
            <Variants variants={item.variants} chosen={chosen} setChosen={setChosen} />
            <Group gap="sm">
              {/* spec 1 §2 item pages: add with the chosen variant, or 'Comprar ahora' straight to the checkout. */}
              <Tooltip label={t(supplierOff ? 'item.supplierDisabled' : 'item.unavailable')} withArrow disabled={!unavailable}>
                <Button
                  size="md"
                  leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
                  disabled={unavailable || pending !== null}
                  loading={pending === 'add'}
                  onClick={() => void run('add')}
                  data-testid="add-to-cart"
                >
                  {t('item.addToCart')}
                </Button>
              </Tooltip>
              {!unavailable && (
                <Button
                  size="md"
                  variant="outline"
                  leftSection={<IconBolt size={18} aria-hidden />}
                  disabled={pending !== null}
                  loading={pending === 'buy'}
                  onClick={() => void run('buy')}
                  data-testid="buy-now"
                >
                  {t('headerButton.buynow')}
                </Button>
              )}
              {/* spec 1 §2, §6: share options for signed-in viewers only, after 3 s. */}
              {canShare && (
                <Button
                  size="md"
                  variant="default"
                  leftSection={<IconShare size={18} aria-hidden />}
                  onClick={() => void shareOrCopy({ title: item.name, url: publicShopUrl(shop.slug, itemDetailPath(item)) }, t)}
                >
                  {t('card.share')}
                </Button>
              )}
            </Group>
            <ReturnPolicyButton info={item.return_info} />
            <Divider />
            <Supplier item={item} />
          </Stack>
        </div>
        {item.description && (
          <section aria-labelledby="item-description">
            <Title order={2} size="h4" id="item-description" mb="xs">
              {t('item.description')}
            </Title>
            <Text className={classes.description}>{item.description}</Text>
          </section>
        )}
        {item.tags.length > 0 && (
          <Group gap={6} aria-label={t('item.tags')}>
            {item.tags.map((tag) => (
              <Badge key={tag} variant="light" color="gray">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        {below?.(item)}
      </Stack>
    </Container>
  );
}
